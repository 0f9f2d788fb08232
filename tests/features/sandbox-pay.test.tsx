import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { SandboxPaymentDto } from '../../src/domain/payments.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'

afterEach(() => abortAllRequests())

const PAYMENT_ID = 'pay_Zx81kQ2mB7aLw0cT5yR9uEh3'

function paymentOf(overrides: Partial<SandboxPaymentDto> = {}): SandboxPaymentDto {
  return {
    paymentId: PAYMENT_ID,
    amount: 1500,
    currency: 'JPY',
    purpose: 'deposit',
    status: 1,
    route: 'sbps',
    method: 2,
    ...overrides,
  }
}

/** Serves the hosted page's data; counts the reads. */
function servePayment(payment: SandboxPaymentDto | undefined) {
  const asked: string[] = []
  server.use(
    http.get('*/api/pay/sandbox/:paymentId', ({ params }) => {
      asked.push(String(params.paymentId))
      return payment ? ok(payment) : failed(404, 'payment: not found')
    }),
  )
  return asked
}

async function open(path: string, language: 'zhCn' | 'ja' | 'en' = 'zhCn') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  return renderApp(path)
}

/** The outcome each form posts, by its button's name: `action` relative to the site. */
function formsByButton() {
  return Object.fromEntries(
    [...document.querySelectorAll('form[action^="/api/pay/sandbox/"]')].map((form) => [
      within(form as HTMLElement).getByRole('button').textContent,
      `${form.getAttribute('method')} ${form.getAttribute('action')}`,
    ]),
  )
}

describe('sandbox hosted page', () => {
  it('shows a visitor the amount, what it pays and test mode, with forms posting each outcome', async () => {
    const asked = servePayment(paymentOf())
    await open(`/sandbox-pay/${PAYMENT_ID}`)

    expect(await screen.findByText('¥1,500')).toBeTruthy()
    expect(asked).toEqual([PAYMENT_ID])
    expect(screen.getByText('测试模式')).toBeTruthy()
    expect(screen.getByText('这是模拟的支付页面，不会产生真实扣款。')).toBeTruthy()
    expect(screen.getByText('定金')).toBeTruthy()
    expect(screen.getByText('SB Payment Service')).toBeTruthy()
    expect(screen.getByText('便利店支付')).toBeTruthy()

    const base = `post /api/pay/sandbox/${PAYMENT_ID}`
    expect(formsByButton()).toEqual({
      '支付 ¥1,500': `${base}/paid`,
      模拟拒付: `${base}/declined`,
      取消付款: `${base}/cancelled`,
      余额不足: `${base}/insufficient`,
      '需要额外验证（模拟 3-D Secure）': `${base}/confirm`,
      延迟几秒后支付成功: `${base}/delayed`,
    })
    for (const button of screen.getAllByRole('button', { name: /支付|拒付|取消付款|余额不足|验证|延迟/ })) {
      expect(button.getAttribute('type')).toBe('submit')
    }
    // the magic outcomes sit behind a disclosure
    const more = screen.getByText('更多测试结果').closest('details') as HTMLDetailsElement
    expect(more.open).toBe(false)
    expect(within(more).getByRole('button', { name: '余额不足', hidden: true })).toBeTruthy()
  })

  it('speaks English', async () => {
    servePayment(paymentOf({ route: 'card', method: 1, purpose: 'balance', amount: 98000 }))
    await open(`/sandbox-pay/${PAYMENT_ID}`, 'en')
    expect(await screen.findByText('98,000 Yen')).toBeTruthy()
    expect(screen.getByText('Test mode')).toBeTruthy()
    expect(screen.getByText('Balance')).toBeTruthy()
    expect(screen.getByText('Card / bank transfer')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Pay 98,000 Yen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel payment' })).toBeTruthy()
  })

  it('speaks Japanese', async () => {
    servePayment(paymentOf({ route: 'paypal', method: 0 }))
    await open(`/sandbox-pay/${PAYMENT_ID}`, 'ja')
    expect(await screen.findByText('PayPal アカウント')).toBeTruthy()
    expect(screen.getByText('テストモード')).toBeTruthy()
    expect(screen.getByText('¥1,500')).toBeTruthy()
  })

  it('shows only the confirmation step with ?step=confirm', async () => {
    servePayment(paymentOf())
    await open(`/sandbox-pay/${PAYMENT_ID}?step=confirm`)
    expect(await screen.findByRole('heading', { name: '额外验证（模拟 3-D Secure）' })).toBeTruthy()
    expect(screen.getByText('¥1,500')).toBeTruthy()
    expect(screen.getByText('测试模式')).toBeTruthy()
    const base = `post /api/pay/sandbox/${PAYMENT_ID}`
    expect(formsByButton()).toEqual({
      验证通过并支付: `${base}/paid`,
      验证失败: `${base}/declined`,
    })
  })

  it('shows a payment no longer payable with its state and the way back, without buttons', async () => {
    servePayment(paymentOf({ status: 2, purpose: 'deposit' }))
    await open(`/sandbox-pay/${PAYMENT_ID}`)
    expect(await screen.findByText('这笔付款已不能支付（已支付）。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回商店' }).getAttribute('href')).toBe(
      `/order-success?paymentId=${PAYMENT_ID}`,
    )
    expect(formsByButton()).toEqual({})
  })

  it('sends a cancelled payment back to the cancel page, in English', async () => {
    servePayment(paymentOf({ status: 4 }))
    await open(`/sandbox-pay/${PAYMENT_ID}`, 'en')
    expect(await screen.findByText('This payment can no longer be paid (Cancelled).')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      `/order-cancel?paymentId=${PAYMENT_ID}`,
    )
    expect(formsByButton()).toEqual({})
  })

  it('says an unknown payment cannot be found', async () => {
    servePayment(undefined)
    await open('/sandbox-pay/pay_unknown')
    expect(await screen.findByText('找不到这笔付款。链接可能有误，或付款已过期。')).toBeTruthy()
    expect(formsByButton()).toEqual({})
    expect(screen.queryByText('¥1,500')).toBeNull()
  })
})
