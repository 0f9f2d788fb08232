import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderDetailDto } from '../../src/domain/orders.ts'
import type { PayLatchDto } from '../../src/domain/payments.ts'
import type { PayInfo } from '../../src/domain/session.ts'
import { goToGateway } from '../../src/features/checkout/go-to-gateway.ts'
import { dropFinalPayment } from '../../src/features/final-payment/final-payment-store.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn } from './support/signed-in.ts'

// jsdom cannot leave for another site: the gateway's page is where this module would send the shopper
vi.mock('../../src/features/checkout/go-to-gateway.ts', () => ({ goToGateway: vi.fn() }))

const OWNER = 'customer:42'
const SAVED_FINAL_PAYMENT = `snapshot:checkout:balance:${OWNER}`

beforeEach(async () => {
  vi.mocked(goToGateway).mockClear()
  // the flow is one per tab and outlives a test: start every test from nothing
  await dropFinalPayment(OWNER)
})
afterEach(() => dismissAllToasts())

const ORDER_ID = 41
const FORFEITED_MESSAGE =
  'The goods of this order were forfeited after the balance deadline; its balance can no longer be paid'

/** An order whose goods arrived 35 days ago: ¥17,651 still owed and five days of late fee. */
function arrivedOrder(overrides: Partial<OrderDetailDto> = {}): OrderDetailDto {
  return {
    id: ORDER_ID,
    parentId: null,
    status: 5,
    createTime: '2025-01-05T03:00:00.000Z',
    payDueTime: null,
    modifyTime: '2025-04-20T03:00:00.000Z',
    goods: 23040,
    discount: 2560,
    platformFee: 692,
    settlementFee: 831,
    deposit: 6912,
    balance: 17651,
    total: 24563,
    pointsHeld: 0,
    paidAmount: 6912,
    refundAmount: 0,
    remark: null,
    arrivedAt: '2025-03-16',
    balanceDue: '2025-04-15',
    packagingDeadline: '2025-04-30',
    forfeitAt: '2025-05-01',
    // ceil(23,040 × 0.5 % × 5)
    lateFee: 576,
    deadlineState: 'overdue',
    lines: [
      {
        id: 401,
        productId: 1,
        productName: '商品 1',
        jpProductName: '商品 1 JP',
        enProductName: 'Product 1',
        imgUrl: null,
        barcode: '4580590123456',
        productType: 1,
        basePrice: 12800,
        unitPrice: 11520,
        quantity: 2,
        goods: 23040,
        total: 24563,
        deposit: 6912,
        balance: 17651,
      },
    ],
    children: [],
    payments: [],
    address: null,
    ...overrides,
  }
}

function payInfo(score: number): PayInfo {
  return {
    role: 2,
    score,
    scoreRate: 0.01,
    scoreSwitch: true,
    scoreTime: null,
    monthlyExpenditure: 0,
    priceSwitch: true,
    idCard: false,
  }
}

interface HeardPay {
  path: string
  key: string | null
  score: string | null
}

/** The order's server side: the order, the latch, the shopper's points and the three balance routes. */
function serveBalance(
  options: {
    order?: Partial<OrderDetailDto>
    latch?: PayLatchDto
    points?: number
    pay?: (call: number) => Response
  } = {},
) {
  const state = { order: arrivedOrder(options.order), orderReads: 0 }
  const pays: HeardPay[] = []
  const payHandler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    pays.push({
      path: url.pathname.replace('/api', ''),
      key: request.headers.get('Idempotency-Key'),
      score: url.searchParams.get('score'),
    })
    return (
      options.pay?.(pays.length) ??
      ok({ paymentId: 'pay_9', redirectUrl: `${location.origin}/sandbox-pay/pay_9` })
    )
  }
  server.use(
    http.get('*/api/mall/user/payInfo', () => ok(payInfo(options.points ?? 0))),
    http.get('*/api/mall/vip/list', () => ok([])),
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/pay/latch', () => ok(options.latch ?? { open: true, message: null })),
    http.get('*/api/mall/order/:id', ({ params }) => {
      state.orderReads += 1
      return Number(params.id) === ORDER_ID ? ok(state.order) : failed(404, 'order: not found')
    }),
    http.post('*/api/mall/order/finallyPay/:type/:id', payHandler),
    http.post('*/api/mall/sb_pay/finalPay/:type/:id', payHandler),
    http.post('*/api/mall/paypal/finallyPay/:id', payHandler),
  )
  return { state, pays }
}

async function findPanel() {
  const heading = await screen.findByRole('heading', { name: '支付尾款', level: 2 }, { timeout: 8000 })
  return heading.closest('section') as HTMLElement
}

/** The panel once its flow is open: the routes can then be chosen. */
async function openPanel(path = `/order/${ORDER_ID}`) {
  signIn({ role: 2 })
  const app = await renderApp(path)
  const panel = within(await findPanel())
  await waitFor(() =>
    expect((panel.getByRole('radio', { name: 'PayPal 账户' }) as HTMLInputElement).disabled).toBe(false),
  )
  return { ...app, panel }
}

const amountOf = (panel: ReturnType<typeof within>, label: string) =>
  panel.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

const KEY = /^[A-Za-z0-9_:.-]{1,100}$/

describe('final payment: the pay-balance panel of an order whose goods arrived', () => {
  it('shows the balance owed, the late fee so far and the amount to pay, under the list’s anchor', async () => {
    serveBalance()
    const { panel } = await openPanel()
    const section = (await findPanel()) as HTMLElement
    // the order list's "Pay balance" (/order/41#pay-balance) lands here
    expect(section.closest('#pay-balance')).not.toBeNull()

    expect(amountOf(panel, '尾款')).toBe('¥17,651')
    const lateFee = panel.getByText('滞纳金（截至今日）', { selector: 'dt' }).parentElement as HTMLElement
    expect(lateFee.textContent).toContain('¥576')
    expect(panel.getByText(/滞纳金按商品金额每天 0.5% 计算，须与尾款一起支付/)).toBeTruthy()
    expect(amountOf(panel, '应付金额')).toBe('¥18,227')
    // no points held: nothing to use
    expect(panel.queryByLabelText('使用积分')).toBeNull()
    const pay = panel.getByRole('button', { name: '支付尾款' }) as HTMLButtonElement
    expect(pay.disabled).toBe(true)
    expect(panel.getByText('请选择支付方式')).toBeTruthy()
  }, 15_000)

  it('on time, without a late fee: the balance is all there is to pay', async () => {
    serveBalance({ order: { lateFee: 0, deadlineState: 'onTime' } })
    const { panel } = await openPanel()
    expect(panel.queryByText('滞纳金（截至今日）')).toBeNull()
    expect(amountOf(panel, '应付金额')).toBe('¥17,651')
  }, 15_000)

  it('caps the points at what the shopper holds, and pays with them, the route, the type and a key', async () => {
    const { pays } = serveBalance({ points: 300 })
    const { panel } = await openPanel()
    const points = panel.getByLabelText('使用积分') as HTMLInputElement
    expect(points.max).toBe('300')
    expect(panel.getByText('持有 300 积分，本次最多可用 300 积分（1 积分抵 1 日元）。')).toBeTruthy()
    fireEvent.change(points, { target: { value: '5000' } })
    expect(amountOf(panel, '积分抵扣')).toBe('−¥300')
    expect(amountOf(panel, '应付金额')).toBe('¥17,927')
    fireEvent.blur(points)
    expect(points.value).toBe('300')

    const japanese = within(panel.getByRole('group', { name: 'SB Payment Service' }))
    fireEvent.click(japanese.getByRole('radio', { name: '便利店支付' }))
    fireEvent.click(panel.getByRole('button', { name: '支付尾款' }))
    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith(`${location.origin}/sandbox-pay/pay_9`))
    expect(pays).toEqual([
      { path: `/mall/sb_pay/finalPay/2/${ORDER_ID}`, key: expect.stringMatching(KEY), score: '300' },
    ])
    // the attempt is on disk before the shopper leaves, for the return page
    const saved = (await readStored(SAVED_FINAL_PAYMENT)) as {
      snapshot: { value: unknown; context: { payment: { paymentId: string }; payKey: string; step: string } }
    }
    expect(saved.snapshot.value).toBe('attempt')
    expect(saved.snapshot.context.step).toBe('redirecting')
    expect(saved.snapshot.context.payment.paymentId).toBe('pay_9')
    expect(saved.snapshot.context.payKey).toBe(pays[0]?.key)
  }, 15_000)

  it('caps the points at the amount due', async () => {
    const { pays } = serveBalance({ points: 50_000 })
    const { panel } = await openPanel()
    const points = panel.getByLabelText('使用积分') as HTMLInputElement
    expect(points.max).toBe('18227')
    fireEvent.change(points, { target: { value: '99999' } })
    expect(amountOf(panel, '积分抵扣')).toBe('−¥18,227')
    expect(amountOf(panel, '应付金额')).toBe('¥0')

    fireEvent.click(panel.getByRole('radio', { name: 'PayPal 账户' }))
    fireEvent.click(panel.getByRole('button', { name: '支付尾款' }))
    await waitFor(() => expect(goToGateway).toHaveBeenCalledTimes(1))
    expect(pays).toEqual([
      { path: `/mall/paypal/finallyPay/${ORDER_ID}`, key: expect.stringMatching(KEY), score: '18227' },
    ])
  }, 15_000)

  it('with payments closed says so, with the operator’s message, and holds Pay back', async () => {
    const { pays } = serveBalance({ latch: { open: false, message: '系统维护中，预计 2 小时后恢复' } })
    signIn({ role: 2 })
    await renderApp(`/order/${ORDER_ID}`)
    const panel = within(await findPanel())
    expect(await panel.findByText('支付暂不可用')).toBeTruthy()
    expect(panel.getByText('系统维护中，预计 2 小时后恢复')).toBeTruthy()
    await waitFor(() => expect(panel.getByRole('button', { name: '支付尾款' })).toBeTruthy())
    const pay = panel.getByRole('button', { name: '支付尾款' }) as HTMLButtonElement
    expect(pay.disabled).toBe(true)
    expect((panel.getByRole('radio', { name: 'PayPal 账户' }) as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(pay)
    expect(pays).toEqual([])
  }, 15_000)

  it('a latch that closes while choosing (409) is said and holds Pay back', async () => {
    const { pays } = serveBalance({ pay: () => failed(409, 'Payment is currently unavailable') })
    const { panel } = await openPanel()
    const card = within(panel.getByRole('group', { name: '信用卡 / 银行转账' }))
    fireEvent.click(card.getByRole('radio', { name: '信用卡' }))
    fireEvent.click(panel.getByRole('button', { name: '支付尾款' }))
    expect(await panel.findByText('支付暂不可用')).toBeTruthy()
    expect(pays).toHaveLength(1)
    expect((panel.getByRole('button', { name: '支付尾款' }) as HTMLButtonElement).disabled).toBe(true)
    expect(goToGateway).not.toHaveBeenCalled()
  }, 15_000)

  it('refused because the goods were forfeited (409): explains, and offers no payment', async () => {
    const { pays, state } = serveBalance({
      pay: () =>
        HttpResponse.json({ code: 409, msg: FORFEITED_MESSAGE, data: { status: 15 } }, { status: 409 }),
    })
    const { panel } = await openPanel()
    fireEvent.click(panel.getByRole('radio', { name: 'PayPal 账户' }))
    const reads = state.orderReads
    fireEvent.click(panel.getByRole('button', { name: '支付尾款' }))
    const notice = await screen.findByText('商品已被没收')
    expect(notice.closest('[role="alert"]')?.textContent).toContain(
      '尾款没有在期限内付清，按规定商品已于 2025-05-01 被没收，尾款不能再支付。',
    )
    expect(screen.queryByRole('button', { name: '支付尾款' })).toBeNull()
    expect(pays).toHaveLength(1)
    expect(goToGateway).not.toHaveBeenCalled()
    // the page reads the order again: the server has moved it on
    await waitFor(() => expect(state.orderReads).toBeGreaterThan(reads))
  }, 15_000)

  it('an order already past forfeiture explains so, and offers no payment', async () => {
    const { pays } = serveBalance({ order: { deadlineState: 'forfeited', lateFee: 1728 } })
    signIn({ role: 2 })
    await renderApp(`/order/${ORDER_ID}`)
    const panel = within(await findPanel())
    expect(panel.getByText('商品已被没收')).toBeTruthy()
    expect(panel.queryByRole('button', { name: '支付尾款' })).toBeNull()
    expect(panel.queryByRole('radio')).toBeNull()
    expect(pays).toEqual([])
  }, 15_000)

  it('a lost answer is retried only by the shopper, with the same key: one payment', async () => {
    const { pays } = serveBalance({
      pay: (call) =>
        call === 1
          ? HttpResponse.error()
          : ok({ paymentId: 'pay_9', redirectUrl: `${location.origin}/sandbox-pay/pay_9` }),
    })
    const { panel } = await openPanel()
    fireEvent.click(panel.getByRole('radio', { name: '银行转账' }))
    fireEvent.click(panel.getByRole('button', { name: '支付尾款' }))
    expect(await panel.findByText('未能确认付款是否已发起')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(pays).toHaveLength(1)

    fireEvent.click(panel.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(goToGateway).toHaveBeenCalledTimes(1))
    expect(pays.map((call) => call.path)).toEqual([
      `/mall/order/finallyPay/2/${ORDER_ID}`,
      `/mall/order/finallyPay/2/${ORDER_ID}`,
    ])
    expect(pays[1]?.key).toBe(pays[0]?.key)
  }, 15_000)

  it('offline: says so and does not pay', async () => {
    const { pays } = serveBalance()
    const { panel } = await openPanel()
    fireEvent.click(panel.getByRole('radio', { name: 'PayPal 账户' }))
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      window.dispatchEvent(new Event('offline'))
      expect(await panel.findByText('当前离线，联网后才能付款')).toBeTruthy()
      expect((panel.getByRole('button', { name: '支付尾款' }) as HTMLButtonElement).disabled).toBe(true)
      expect(pays).toEqual([])
    } finally {
      online.mockRestore()
      window.dispatchEvent(new Event('online'))
    }
  }, 15_000)

  it('is not on the page of an order that has not arrived, nor loaded with it', async () => {
    serveBalance({ order: { status: 4, arrivedAt: null, balanceDue: null, lateFee: 0, deadlineState: null } })
    signIn({ role: 2 })
    await renderApp(`/order/${ORDER_ID}`)
    expect(await screen.findByRole('heading', { name: '订单信息', level: 2 }, { timeout: 8000 })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '支付尾款' })).toBeNull()
    expect(document.getElementById('pay-balance')).toBeNull()
  }, 15_000)
})
