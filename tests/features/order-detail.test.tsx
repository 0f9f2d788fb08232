import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, classifyDeadline, lateFee } from '../../src/domain/deadlines.ts'
import type { OrderDetailDto, OrderDto, OrderLineDto } from '../../src/domain/orders.ts'
import type { PaymentDto } from '../../src/domain/payments.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

// The pay panel is the checkout's (its settlement, address and routes are tested there): here it only
// has to appear for an order in 2 waitPay, with the order's id, and its report of a change must reload.
vi.mock('../../src/features/checkout/components/order-pay-panel.tsx', () => ({
  OrderPayPanel: (props: { orderId: number; onChanged?: () => void }) => (
    <section aria-label="支付面板">
      <p>支付订单 {props.orderId}</p>
      <button type="button" onClick={props.onChanged}>
        模拟付款完成
      </button>
    </section>
  ),
}))

// The balance panel is the final payment's (tested there): here it only has to sit under its anchor.
vi.mock('../../src/features/final-payment/components/final-pay-panel.tsx', () => ({
  default: (props: { order: { id: number } }) => (
    <section aria-label="尾款支付面板">
      <p>支付尾款 {props.order.id}</p>
    </section>
  ),
}))

function orderLine(productId: number, overrides: Partial<OrderLineDto> = {}): OrderLineDto {
  return {
    id: productId * 10,
    productId,
    productName: `商品 ${productId}`,
    jpProductName: `商品 ${productId} JP`,
    enProductName: `Product ${productId}`,
    imgUrl: `/media/demo/product-${productId}.svg`,
    barcode: `458000000000${productId}`,
    productType: 1,
    basePrice: 12800,
    unitPrice: 11520,
    quantity: 2,
    goods: 23040,
    total: 23040,
    deposit: 6912,
    balance: 16128,
    ...overrides,
  }
}

function orderOf(id: number, overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id,
    parentId: null,
    status: 5,
    createTime: '2026-11-20T01:30:00.000Z',
    payDueTime: '2026-12-31T14:59:59.000Z',
    modifyTime: '2026-12-01T03:00:00.000Z',
    goods: 23040,
    discount: 2560,
    platformFee: 0,
    settlementFee: 0,
    deposit: 6912,
    balance: 16128,
    total: 23040,
    pointsHeld: 0,
    paidAmount: 6912,
    refundAmount: 0,
    remark: '请尽快发货',
    arrivedAt: '2026-12-01',
    balanceDue: '2026-12-31',
    packagingDeadline: '2027-01-15',
    forfeitAt: null,
    lateFee: 0,
    deadlineState: 'onTime',
    lines: [orderLine(7)],
    ...overrides,
  }
}

const depositPayment: PaymentDto = {
  id: 'pay_01',
  purpose: 'deposit',
  route: 'sbps',
  method: 2,
  gateway: 'sandbox',
  amount: 6812,
  pointsUsed: 100,
  status: 2,
  createTime: '2026-11-20T01:35:00.000Z',
  settleTime: '2026-11-20T01:40:00.000Z',
  refundTime: null,
}

function detailOf(id: number, overrides: Partial<OrderDetailDto> = {}): OrderDetailDto {
  return {
    ...orderOf(id),
    children: [],
    payments: [depositPayment],
    address: {
      id: 3,
      firstName: '小明',
      lastName: '李',
      nameEn: 'Xiaoming Li',
      telephone: '+852 5555 0100',
      postCode: '999077',
      country: '中国香港',
      countryEn: 'Hong Kong',
      province: '香港',
      provinceEn: 'Hong Kong',
      city: '九龙',
      cityEn: 'Kowloon',
      district: null,
      districtEn: null,
      shopName: null,
      shopNameEn: null,
      address: '弥敦道 100 号',
      addressEn: '100 Nathan Road',
    },
    ...overrides,
  }
}

/** A signed-in shopper whose order pages answer from `orders` by id (404 otherwise); returns what was asked. */
function serveDetails(orders: OrderDetailDto[], language?: string) {
  if (language) localStorage.setItem('localeLang', language)
  signIn()
  const asked: { id: string; language: string | null }[] = []
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/order/:id', ({ params, request }) => {
      if (!/^\d+$/.test(String(params.id))) return undefined
      asked.push({ id: String(params.id), language: new URL(request.url).searchParams.get('language') })
      const order = orders.find((candidate) => candidate.id === Number(params.id))
      return order ? ok(order) : failed(404, 'Order: not found')
    }),
  )
  return asked
}

/** The value a description list gives for a term, within `scope`. */
function definitionOf(term: string, scope: HTMLElement = document.body): string | null | undefined {
  return within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
}

const openOrder = async (id: number, heading = `订单 ${id}`) => {
  const app = await renderApp(`/order/${id}`)
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })
  return app
}
const section = (name: string) => screen.getByRole('region', { name })

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

describe('order detail', () => {
  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/order/101')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/order/101' })
  })

  it('shows the order: status, dates, amounts, address, products and payments', async () => {
    const asked = serveDetails([detailOf(101)])
    await openOrder(101)

    expect(screen.getByText('待付尾款').dataset.tone).toBe('waiting')
    const summary = section('订单信息')
    expect(definitionOf('订单号', summary)).toBe('101')
    expect(definitionOf('下单时间', summary)).toBe('2026-11-20 10:30')
    expect(definitionOf('付款截止时间', summary)).toBe('2026-12-31 23:59')
    expect(definitionOf('更新时间', summary)).toBe('2026-12-01 12:00')
    expect(definitionOf('定金', summary)).toBe('¥6,912')
    expect(definitionOf('尾款', summary)).toBe('¥16,128')
    expect(definitionOf('合计', summary)).toBe('¥23,040')
    expect(definitionOf('已付', summary)).toBe('¥6,912')
    expect(definitionOf('退款金额', summary)).toBe('¥0')
    expect(definitionOf('备注', summary)).toBe('请尽快发货')
    const deadlines = section('到货与期限')
    expect(definitionOf('到货日期', deadlines)).toBe('2026-12-01')
    expect(definitionOf('尾款截止日期', deadlines)).toMatch(/^2026-12-31 · /)

    const address = within(section('收货信息'))
    expect(address.getByText('李 小明 +852 5555 0100')).toBeTruthy()
    expect(address.getByText('中国香港 香港 九龙 弥敦道 100 号 999077')).toBeTruthy()

    const products = section('订单商品')
    const line = within(within(products).getAllByRole('listitem')[0] as HTMLElement)
    expect(line.getByRole('link', { name: '商品 7' }).getAttribute('href')).toBe('/product/7')
    expect(line.getByText('条码 4580000000007')).toBeTruthy()
    expect(definitionOf('单价', products)).toBe('¥11,520')
    expect(definitionOf('数量', products)).toBe('2')
    expect(definitionOf('小计', products)).toBe('¥23,040')
    expect(definitionOf('定金', products)).toBe('¥6,912')

    const payments = section('付款记录')
    expect(definitionOf('用途', payments)).toBe('定金')
    expect(definitionOf('支付渠道', payments)).toBe('SB Payment Service')
    expect(definitionOf('支付方式', payments)).toBe('便利店支付')
    expect(definitionOf('金额', payments)).toBe('¥6,812')
    expect(definitionOf('所用积分', payments)).toBe('100')
    expect(within(payments).getByText('已支付').dataset.tone).toBe('done')
    expect(definitionOf('时间', payments)).toBe('2026-11-20 10:40')

    expect(screen.queryByRole('region', { name: '支付面板' })).toBeNull()
    expect(screen.queryByRole('region', { name: '子订单' })).toBeNull()
    expect(asked).toEqual([{ id: '101', language: 'zhCn' }])
  })

  it('shows the same order in English', async () => {
    const asked = serveDetails([detailOf(101)], 'en')
    await openOrder(101, 'Order 101')

    expect(screen.getByText('Pending balance payment')).toBeTruthy()
    expect(definitionOf('Deposit', section('Order details'))).toBe('6,912 Yen')
    expect(within(section('Items')).getByRole('link', { name: 'Product 7' })).toBeTruthy()
    expect(within(section('Delivery address')).getByText('Xiaoming Li +852 5555 0100')).toBeTruthy()
    expect(definitionOf('Method', section('Payments'))).toBe('Konbini')
    expect(within(section('Payments')).getByText('Paid')).toBeTruthy()
    expect(asked[0]?.language).toBe('en')
  })

  it('lists the children of a split order and links its parent from a child', async () => {
    serveDetails([
      detailOf(100, {
        status: 0,
        payments: [],
        children: [orderOf(201, { parentId: 100, total: 5000 }), orderOf(202, { parentId: 100, status: 6 })],
      }),
      detailOf(201, { parentId: 100, total: 5000 }),
    ])
    const { router } = await openOrder(100)

    expect(screen.getByText('已拆分').dataset.tone).toBe('other')
    const children = within(section('子订单'))
    expect(children.getByRole('link', { name: '订单 201' }).getAttribute('href')).toBe('/order/201')
    expect(children.getByText('合计 ¥5,000')).toBeTruthy()
    expect(children.getByText('待申请打包')).toBeTruthy()
    expect(within(section('付款记录')).getByText('还没有付款记录。')).toBeTruthy()

    fireEvent.click(children.getByRole('link', { name: '订单 201' }))
    await screen.findByRole('heading', { level: 1, name: '订单 201' })
    expect(router.state.location.pathname).toBe('/order/201')
    expect(screen.getByRole('link', { name: '100' }).getAttribute('href')).toBe('/order/100')
  })

  it('shows the pay panel for an order waiting for payment, and reads the order again after it reports a change', async () => {
    let status: OrderDetailDto['status'] = 2
    let reads = 0
    serveDetails([])
    server.use(
      http.get('*/api/mall/order/:id', ({ params }) => {
        if (params.id !== '101') return undefined
        reads += 1
        return ok(detailOf(101, { status, payments: [], address: null, paidAmount: 0 }))
      }),
    )
    await openOrder(101)

    expect(screen.getByText('待付款').dataset.tone).toBe('waiting')
    const panel = within(await screen.findByRole('region', { name: '支付面板' }))
    expect(panel.getByText('支付订单 101')).toBeTruthy()
    expect(within(section('收货信息')).getByText('首次付款时选择收货地址。')).toBeTruthy()

    status = 3
    act(() => fireEvent.click(panel.getByRole('button', { name: '模拟付款完成' })))

    expect(await screen.findByText('待处理')).toBeTruthy()
    expect(screen.queryByRole('region', { name: '支付面板' })).toBeNull()
    expect(reads).toBe(2)
  })

  it('says the shop waits for the bank transfer of an order whose latest payment awaits one, with its reference and amount', async () => {
    const transfer = {
      amount: 6812,
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
    const awaiting: PaymentDto = {
      ...depositPayment,
      route: 'card',
      method: 2,
      gateway: 'stripe',
      status: 1,
      settleTime: null,
      transfer,
    }
    serveDetails([detailOf(101, { status: 2, payments: [awaiting], address: null, paidAmount: 0 })])
    await openOrder(101)

    const waiting = section('等待银行转账')
    expect(within(waiting).getByRole('status').textContent).toContain(
      '我们正在等待您的银行转账：¥6,812，参考号 QX7K2M9P。',
    )
    expect(definitionOf('账号', waiting)).toBe('7654321')
    expect(definitionOf('支付方式', section('付款记录'))).toBe('银行转账')
  })

  it('says nothing of a transfer once the order has left waiting for payment', async () => {
    serveDetails([detailOf(101, { status: 3, payments: [{ ...depositPayment, transfer: null }] })])
    await openOrder(101)
    expect(screen.queryByRole('region', { name: '等待银行转账' })).toBeNull()
  })

  it.each([
    [3, '待处理'],
    [1, '已取消'],
    [12, '已退款'],
  ] as const)('has no pay panel in status %i', async (status, label) => {
    serveDetails([detailOf(101, { status })])
    await openOrder(101)
    expect(screen.getByText(label)).toBeTruthy()
    expect(screen.queryByRole('region', { name: '支付面板' })).toBeNull()
  })

  it("says an order that is not the shopper's cannot be found, with a way to the order list", async () => {
    const asked = serveDetails([])
    const { router } = await renderApp('/order/999')

    expect(await screen.findByText('找不到这个订单', {}, { timeout: 5000 })).toBeTruthy()
    const back = screen.getByRole('link', { name: '查看我的订单' })
    expect(back.getAttribute('href')).toBe('/order-list/list')
    expect(asked).toEqual([{ id: '999', language: 'zhCn' }])

    server.use(
      http.get('*/api/mall/order/operatorList', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })),
    )
    fireEvent.click(back)
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-list/list'))
  })

  it('treats an id that cannot be an order as not found without asking', async () => {
    const asked = serveDetails([])
    await renderApp('/order/abc')
    expect(await screen.findByText('找不到这个订单', {}, { timeout: 5000 })).toBeTruthy()
    expect(asked).toEqual([])
  })

  it('shows a failed load and loads again on retry', async () => {
    serveDetails([detailOf(101)])
    let failing = true
    server.use(http.get('*/api/mall/order/:id', () => (failing ? failed(500, 'database down') : undefined)))
    await renderApp('/order/101')
    expect(await screen.findByText('订单加载失败', {}, { timeout: 5000 })).toBeTruthy()

    failing = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('heading', { level: 1, name: '订单 101' })).toBeTruthy()
  })
})

describe('order detail: deadlines and reminders', () => {
  /**
   * An order in 5 arrival whose goods arrived `daysAgo` shop days ago, its deadlines as the server
   * computes them for today (src/domain/deadlines.ts).
   */
  function arrivedDetail(
    id: number,
    daysAgo: number,
    overrides: Partial<OrderDetailDto> = {},
  ): OrderDetailDto {
    const today = shopDate(new Date()) ?? ''
    const arrivedAt = addDays(today, -daysAgo)
    const balanceDue = addDays(arrivedAt, 30)
    return detailOf(id, {
      arrivedAt,
      balanceDue,
      payDueTime: balanceDue,
      packagingDeadline: addDays(arrivedAt, 45),
      forfeitAt: addDays(balanceDue, 16),
      lateFee: lateFee(23040, balanceDue, today),
      deadlineState: classifyDeadline(balanceDue, today).state,
      ...overrides,
    })
  }
  const factOf = (term: string) => {
    const dt = within(section('到货与期限')).getByText(term, { selector: 'dt' })
    return { text: dt.nextElementSibling?.textContent, state: dt.parentElement?.dataset.state }
  }

  it('says nothing more while the balance is not yet due soon', async () => {
    const order = arrivedDetail(101, 10)
    serveDetails([order])
    await openOrder(101)

    expect(factOf('尾款截止日期')).toEqual({ text: `${order.balanceDue} · 还剩 20 天`, state: 'onTime' })
    expect(screen.queryByText('尾款即将到期')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('reminds of a balance due soon with the amount owed and a link to pay it', async () => {
    const order = arrivedDetail(101, 28)
    serveDetails([order])
    await openOrder(101)

    const banner = screen.getByText('尾款即将到期').closest('[role="status"]') as HTMLElement
    expect(banner.dataset.state).toBe('dueSoon')
    expect(
      within(banner).getByText(
        `请最迟于 ${order.balanceDue} 支付尾款 ¥16,128，逾期每天按商品金额的 0.5% 收取滞纳金。`,
      ),
    ).toBeTruthy()
    expect(within(banner).getByRole('link', { name: '支付尾款' }).getAttribute('href')).toBe(
      '/order/101#pay-balance',
    )
    expect(factOf('尾款截止日期')).toEqual({ text: `${order.balanceDue} · 还剩 2 天`, state: 'dueSoon' })
  })

  it('alerts to an overdue balance with the late fee so far and the forfeiture date', async () => {
    const order = arrivedDetail(101, 37)
    serveDetails([order])
    await openOrder(101)

    // 7 days × 0.5 % of ¥23,040 = ¥806.4, rounded up once
    expect(order.lateFee).toBe(807)
    const banner = screen.getByRole('alert')
    expect(banner.dataset.state).toBe('overdue')
    expect(within(banner).getByText('尾款已逾期 7 天')).toBeTruthy()
    expect(
      within(banner).getByText(
        `已产生滞纳金 ¥807（每天按商品金额的 0.5% 计），需与尾款 ¥16,128 一并支付；货物将于 ${order.forfeitAt} 被没收。`,
      ),
    ).toBeTruthy()
    expect(within(banner).getByRole('link', { name: '支付尾款' })).toBeTruthy()
    expect(factOf('尾款截止日期')).toEqual({ text: `${order.balanceDue} · 已逾期 7 天`, state: 'overdue' })
    expect(factOf('滞纳金（截至今日）')).toEqual({ text: '¥807每天按商品金额的 0.5% 计', state: 'overdue' })
    expect(factOf('没收日期')).toEqual({
      text: `逾期未处理的货物将于 ${order.forfeitAt} 被没收`,
      state: 'overdue',
    })
  })

  it('says the goods were forfeited, with no way left to pay', async () => {
    const order = arrivedDetail(101, 47)
    serveDetails([order, detailOf(102, { status: 15, forfeitAt: null, deadlineState: null })])
    const { router } = await openOrder(101)

    const banner = screen.getByRole('alert')
    expect(banner.dataset.state).toBe('forfeited')
    expect(within(banner).getByText('货物已没收')).toBeTruthy()
    expect(
      within(banner).getByText(
        `尾款逾期超过 15 天未付，货物已于 ${order.forfeitAt} 被没收，不能再支付尾款。`,
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('link', { name: '支付尾款' })).toBeNull()
    expect(factOf('没收日期')).toEqual({ text: `货物已于 ${order.forfeitAt} 被没收`, state: 'forfeited' })

    act(() => void router.navigate({ to: '/order/$id', params: { id: '102' } }))
    await screen.findByRole('heading', { level: 1, name: '订单 102' })
    const forfeited = screen.getByRole('alert')
    expect(within(forfeited).getByText('此订单未在期限内处理，货物已被没收，已付款项不予退还。')).toBeTruthy()
    expect(factOf('货物')).toEqual({ text: '已没收（逾期未处理）', state: 'forfeited' })
  })

  it('scrolls to the balance payment when the address names it', async () => {
    const scrolled: string[] = []
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id)
    })
    Element.prototype.scrollIntoView = scrollIntoView
    try {
      serveDetails([arrivedDetail(101, 28)])
      await renderApp('/order/101#pay-balance')
      await screen.findByRole('heading', { level: 1, name: '订单 101' }, { timeout: 5000 })

      // the page names its payment panel, which arrives in its own chunk after the page
      expect(await screen.findByRole('region', { name: '尾款支付面板' })).toBeTruthy()
      await waitFor(() => expect(scrolled).toContain('pay-balance'))
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
    }
  })
})
