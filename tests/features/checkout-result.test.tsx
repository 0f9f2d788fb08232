import { act, screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { BankTransferDto, PayStatusDto } from '../../src/domain/payments.ts'
import { dropCheckout } from '../../src/features/checkout/checkout-store.ts'
import { flushSnapshotWrites } from '../../src/lib/persisted-snapshot.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

beforeEach(async () => {
  // the checkout is one per tab and outlives a test: start every test from nothing
  await dropCheckout('customer:42')
})
afterEach(() => dismissAllToasts())

const SAVED_CHECKOUT = 'snapshot:checkout:customer:42'

/** GET /mall/pay/status/pay_1 answers each status of `statuses` in turn (the last one from then on). */
function servePayStatus(statuses: { status: PaymentStatus; failure?: string; transfer?: BankTransferDto }[]) {
  let reads = 0
  server.use(
    http.get('*/api/mall/pay/status/:paymentId', ({ params }) => {
      if (params.paymentId !== 'pay_1') return failed(404, 'payment: not found')
      const {
        status,
        failure = null,
        transfer = null,
      } = statuses[Math.min(reads, statuses.length - 1)] ?? { status: 1 }
      reads += 1
      return ok({
        paymentId: 'pay_1',
        status,
        purpose: 'deposit',
        amount: 6412,
        pointsUsed: 500,
        target: [31],
        failure,
        transfer,
      } satisfies PayStatusDto)
    }),
  )
  return { reads: () => reads }
}

function signInShopper() {
  signIn({ role: 2 })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

const findTitle = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 8000 })

describe('checkout: the pages the gateway sends the shopper back to', () => {
  it('stops waiting and saves nothing more once the shopper logs out', async () => {
    signInShopper()
    server.use(http.post('*/api/mall/user/exit', () => ok(null)))
    const status = servePayStatus([{ status: 1 }])
    const { session } = await renderApp('/order-success?paymentId=pay_1')
    expect(await findTitle('正在确认您的付款…')).toBeTruthy()
    await waitFor(async () => expect(await readStored(SAVED_CHECKOUT)).toBeTruthy())

    session.send({ type: 'LOG_OUT' })
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true))
    const readsAtLogout = status.reads()
    // two poll intervals later: no read of the payment, and the forgotten checkout stays forgotten
    await new Promise((resolve) => setTimeout(resolve, 3200))
    await flushSnapshotWrites()
    expect(status.reads()).toBe(readsAtLogout)
    expect(await readStored(SAVED_CHECKOUT)).toBeUndefined()
  }, 15_000)

  it('paid: says the deposit is paid, links to the order and the order list, forgets the checkout', async () => {
    signInShopper()
    servePayStatus([{ status: 2 }])
    await renderApp('/order-success?paymentId=pay_1')
    expect(await findTitle('定金已支付')).toBeTruthy()
    expect(screen.getByText(/已收到您的付款 ¥6,412。/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/order/31')
    expect(screen.getByRole('link', { name: '查看订单列表' }).getAttribute('href')).toBe('/order-list/list')
    await waitFor(async () => expect(await readStored(SAVED_CHECKOUT)).toBeUndefined())
  }, 15_000)

  it('pending, then paid: says it is confirming, and keeps asking until the webhook has decided', async () => {
    signInShopper()
    const status = servePayStatus([{ status: 1 }, { status: 1 }, { status: 2 }])
    await renderApp('/order-success?paymentId=pay_1')
    expect(await findTitle('正在确认您的付款…')).toBeTruthy()
    // the wait is kept for a reload
    await waitFor(async () => expect(await readStored(SAVED_CHECKOUT)).toBeTruthy())
    expect(await findTitle('定金已支付')).toBeTruthy()
    expect(status.reads()).toBe(3)
  }, 15_000)

  it('a bank transfer still to make: shows where to send it, and is not "not confirmed" a minute later', async () => {
    const transfer: BankTransferDto = {
      amount: 6412,
      currency: 'JPY',
      reference: 'QX7K2M9P',
      bankName: 'エミュレータ銀行',
      bankCode: '0999',
      branchName: 'テスト支店',
      branchCode: '101',
      accountType: 'futsu',
      accountNumber: '7654321',
      accountHolderName: 'ｴﾐﾕﾚｰﾀ ｼﾖﾂﾌﾟ',
    }
    // the shop's clock runs on by itself, and can be moved on by minutes
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    })
    try {
      signInShopper()
      const status = servePayStatus([{ status: 1, transfer }])
      await renderApp('/order-success?paymentId=pay_1')
      expect(await findTitle('等待您的银行转账')).toBeTruthy()
      const facts = (term: string) =>
        screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
      expect(facts('转账金额')).toBe('¥6,412')
      expect(facts('参考号')).toBe('QX7K2M9P')
      expect(facts('银行')).toBe('エミュレータ銀行 (0999)')
      expect(facts('支店')).toBe('テスト支店 (101)')
      expect(facts('账户类型')).toBe('普通存款')
      expect(facts('账号')).toBe('7654321')
      expect(facts('户名')).toBe('ｴﾐﾕﾚｰﾀ ｼﾖﾂﾌﾟ')
      expect(screen.queryByText('正在确认您的付款…')).toBeNull()

      await act(async () => {
        await vi.advanceTimersByTimeAsync(2 * 60_000)
      })
      expect(screen.queryByRole('heading', { level: 2, name: '付款结果尚未确认' })).toBeNull()
      expect(screen.getByRole('heading', { level: 2, name: '等待您的银行转账' })).toBeTruthy()
      // read again now and then, not every few seconds
      expect(status.reads()).toBeGreaterThan(1)
      expect(status.reads()).toBeLessThanOrEqual(4)
    } finally {
      vi.useRealTimers()
    }
  }, 15_000)

  it('cancelled at the gateway: nothing charged, pay again', async () => {
    signInShopper()
    // what the server records for a cancel at the gateway
    servePayStatus([{ status: 4, failure: 'cancelled' }])
    await renderApp('/order-cancel?paymentId=pay_1')
    expect(await findTitle('付款已取消')).toBeTruthy()
    expect(screen.getByText('没有扣款。订单仍在等待付款，请在付款期限内重新付款。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '重新付款' }).getAttribute('href')).toBe('/order/31')
  })

  it('failed: says why and to try again later', async () => {
    signInShopper()
    servePayStatus([{ status: 4, failure: 'insufficient_funds' }])
    await renderApp('/order-error?paymentId=pay_1')
    expect(await findTitle('付款失败，请稍后再试')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('支付平台拒绝了这笔付款（余额不足）。')
    expect(screen.getByRole('link', { name: '重新付款' }).getAttribute('href')).toBe('/order/31')
  })

  it('failed for a reason the shop has no words for: no provider code shown', async () => {
    signInShopper()
    servePayStatus([{ status: 4, failure: 'processing_error' }])
    await renderApp('/order-error?paymentId=pay_1')
    expect(await findTitle('付款失败，请稍后再试')).toBeTruthy()
    const alert = screen.getByRole('alert').textContent ?? ''
    expect(alert).toContain('没有扣款，订单仍在等待付款。')
    expect(alert).not.toContain('processing_error')
    expect(alert).not.toContain('支付平台拒绝了这笔付款')
  })

  it('an unknown payment, or none named: a payment error', async () => {
    signInShopper()
    servePayStatus([{ status: 2 }])
    const { router } = await renderApp('/order-error?paymentId=pay_404')
    expect(await findTitle('支付出错')).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看订单列表' })).toBeTruthy()

    router.history.push('/order-success')
    await waitFor(() => expect(screen.getByText(/链接中缺少付款编号/)).toBeTruthy())
  })

  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/order-success?paymentId=pay_1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('in English: pending, then paid', async () => {
    localStorage.setItem('localeLang', 'en')
    signInShopper()
    servePayStatus([{ status: 1 }, { status: 2 }])
    await renderApp('/order-success?paymentId=pay_1')
    expect(await findTitle('Confirming your payment…')).toBeTruthy()
    expect(await findTitle('Deposit paid')).toBeTruthy()
    expect(screen.getByText(/We have received your payment of 6,412 Yen\./)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe('/order/31')
  }, 15_000)

  it('in Japanese: cancelled and failed', async () => {
    localStorage.setItem('localeLang', 'ja')
    signInShopper()
    servePayStatus([{ status: 4 }])
    const { router } = await renderApp('/order-cancel?paymentId=pay_1')
    expect(await findTitle('お支払いはキャンセルされました')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'もう一度支払う' }).getAttribute('href')).toBe('/order/31')

    servePayStatus([{ status: 4, failure: 'declined' }])
    await dropCheckout('customer:42')
    router.history.push('/order-error?paymentId=pay_1')
    expect(await findTitle('お支払いに失敗しました。しばらくしてから再度お試しください')).toBeTruthy()
  })
})
