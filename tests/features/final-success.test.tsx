import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { finalPaymentMachine } from '../../machines/final-payment/final-payment.machine.ts'
import type { SavedFinalPayment } from '../../machines/final-payment/final-payment-saved-state.ts'
import { paymentMachine } from '../../machines/payment/payment.machine.ts'
import type { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayStatusDto } from '../../src/domain/payments.ts'
import { refreshBadgeCounts } from '../../src/features/account/session/badge-counts.ts'
import { dropCheckout } from '../../src/features/checkout/checkout-store.ts'
import { dropFinalPayment } from '../../src/features/final-payment/final-payment-store.ts'
import { savedFinalPaymentOf } from '../../src/features/final-payment/saved-final-payment.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

// the header's counts are the session's: here it is enough to know they were asked to refresh
vi.mock('../../src/features/account/session/badge-counts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/account/session/badge-counts.ts')>()),
  refreshBadgeCounts: vi.fn(),
}))

const OWNER = 'customer:42'
const SAVED_FINAL_PAYMENT = `snapshot:checkout:balance:${OWNER}`
const ORDER_ID = 41

beforeEach(async () => {
  vi.mocked(refreshBadgeCounts).mockClear()
  // the flows are one per tab and outlive a test: start every test from nothing
  await dropFinalPayment(OWNER)
  await dropCheckout(OWNER)
})
afterEach(() => dismissAllToasts())

/** GET /mall/pay/status/pay_9 answers each status of `statuses` in turn (the last one from then on). */
function servePayStatus(statuses: { status: PaymentStatus; failure?: string }[]) {
  let reads = 0
  server.use(
    http.get('*/api/mall/pay/status/:paymentId', ({ params }) => {
      if (params.paymentId !== 'pay_9') return failed(404, 'payment: not found')
      const { status, failure = null } = statuses[Math.min(reads, statuses.length - 1)] ?? { status: 1 }
      reads += 1
      return ok({
        paymentId: 'pay_9',
        status,
        purpose: 'balance',
        amount: 17_927,
        pointsUsed: 300,
        target: [ORDER_ID],
        failure,
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

/** What the panel leaves on disk before it sends the shopper to the gateway with payment pay_9. */
async function saveBalanceOnTheWayToGateway(): Promise<void> {
  const actor = createActor(
    finalPaymentMachine.provide({
      // the pay status is never answered here: the saved flow is waiting for the shopper's return
      actors: {
        payment: paymentMachine.provide({
          actors: { readPayStatus: fromPromise(() => new Promise<PayStatusDto>(() => {})) },
        }),
      },
    }),
    { input: { owner: OWNER, paymentId: 'pay_9' } },
  )
  actor.start()
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as SavedFinalPayment
  actor.stop()
  await savedFinalPaymentOf(OWNER).save(persisted)
}

const findTitle = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 8000 })

describe('final payment: the pages the gateway sends the shopper back to', () => {
  it('paid: says the balance is paid, links to the order, refreshes the header’s count, forgets the flow', async () => {
    signInShopper()
    servePayStatus([{ status: 2 }])
    await renderApp('/final-success?paymentId=pay_9')
    expect(await findTitle('尾款已支付')).toBeTruthy()
    expect(screen.getByText(/已收到您的付款 ¥17,927。/)).toBeTruthy()
    expect(screen.getByText(/请在打包截止日期前申请打包发货。/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe(`/order/${ORDER_ID}`)
    expect(screen.getByRole('link', { name: '查看订单列表' }).getAttribute('href')).toBe('/order-list/list')
    await waitFor(() => expect(refreshBadgeCounts).toHaveBeenCalledTimes(1))
    await waitFor(async () => expect(await readStored(SAVED_FINAL_PAYMENT)).toBeUndefined())
  }, 15_000)

  it('waiting, then paid: says it is confirming and keeps asking until the webhook has decided', async () => {
    signInShopper()
    const status = servePayStatus([{ status: 1 }, { status: 1 }, { status: 2 }])
    await renderApp('/final-success?paymentId=pay_9')
    expect(await findTitle('正在确认您的付款…')).toBeTruthy()
    // the wait is kept for a reload
    await waitFor(async () => expect(await readStored(SAVED_FINAL_PAYMENT)).toBeTruthy())
    expect(await findTitle('尾款已支付')).toBeTruthy()
    expect(status.reads()).toBe(3)
  }, 15_000)

  it('failed: says why, nothing was charged, and pays again on the order’s balance panel', async () => {
    signInShopper()
    servePayStatus([{ status: 4, failure: 'declined' }])
    await renderApp('/final-success?paymentId=pay_9')
    expect(await findTitle('付款失败，请稍后再试')).toBeTruthy()
    const alert = screen.getByRole('alert').textContent ?? ''
    expect(alert).toContain('支付平台拒绝了这笔付款（卡被拒绝）。')
    expect(alert).toContain('没有扣款，尾款仍待支付。')
    expect(screen.getByRole('link', { name: '重新付款' }).getAttribute('href')).toBe(
      `/order/${ORDER_ID}#pay-balance`,
    )
    expect(refreshBadgeCounts).not.toHaveBeenCalled()
  }, 15_000)

  it('cancelled at the gateway, back on the shared cancel page: speaks of the balance', async () => {
    signInShopper()
    await saveBalanceOnTheWayToGateway()
    servePayStatus([{ status: 4, failure: 'cancelled' }])
    await renderApp('/order-cancel?paymentId=pay_9')
    expect(await findTitle('付款已取消')).toBeTruthy()
    expect(screen.getByText(/没有扣款。尾款仍待支付，请在截止日期前重新付款/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '重新付款' }).getAttribute('href')).toBe(
      `/order/${ORDER_ID}#pay-balance`,
    )
  }, 15_000)

  it('declined, back on the shared error page: speaks of the balance', async () => {
    signInShopper()
    await saveBalanceOnTheWayToGateway()
    servePayStatus([{ status: 4, failure: 'insufficient_funds' }])
    await renderApp('/order-error?paymentId=pay_9')
    expect(await findTitle('付款失败，请稍后再试')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('没有扣款，尾款仍待支付。')
  }, 15_000)

  it('an unknown payment, or none named: a payment error', async () => {
    signInShopper()
    servePayStatus([{ status: 2 }])
    const { router } = await renderApp('/final-success?paymentId=pay_404')
    expect(await findTitle('支付出错')).toBeTruthy()
    router.history.push('/final-success')
    await waitFor(() => expect(screen.getByText(/链接中缺少付款编号/)).toBeTruthy())
  }, 15_000)

  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/final-success?paymentId=pay_9')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})
