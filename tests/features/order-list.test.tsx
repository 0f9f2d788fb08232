import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, classifyDeadline, lateFee } from '../../src/domain/deadlines.ts'
import type { OrderDto, OrderLineDto } from '../../src/domain/orders.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok, pageOf } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

function orderLine(productId: number, overrides: Partial<OrderLineDto> = {}): OrderLineDto {
  return {
    id: productId * 10,
    productId,
    productName: `商品 ${productId}`,
    jpProductName: `商品 ${productId} JP`,
    enProductName: `Product ${productId}`,
    imgUrl: `/media/demo/product-${productId}.svg`,
    barcode: `45800000000${productId}`,
    productType: 1,
    basePrice: 12800,
    unitPrice: 12800,
    quantity: 1,
    goods: 12800,
    total: 12800,
    deposit: 3840,
    balance: 8960,
    ...overrides,
  }
}

/** An order as the lists send it: one line of product 7, waiting for its deposit. */
function orderOf(id: number, overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id,
    parentId: null,
    status: 2,
    createTime: '2026-11-20T01:30:00.000Z',
    payDueTime: '2026-11-20T02:00:00.000Z',
    modifyTime: '2026-11-20T01:30:00.000Z',
    goods: 12800,
    discount: 0,
    platformFee: 0,
    settlementFee: 0,
    deposit: 3840,
    balance: 8960,
    total: 12800,
    pointsHeld: 0,
    paidAmount: 0,
    refundAmount: 0,
    remark: null,
    arrivedAt: null,
    balanceDue: null,
    packagingDeadline: null,
    forfeitAt: null,
    lateFee: 0,
    deadlineState: null,
    lines: [orderLine(7)],
    ...overrides,
  }
}

/**
 * An order whose goods arrived `daysAgo` shop days ago, in 5 arrival with its deadlines as the server
 * computes them for today (src/domain/deadlines.ts).
 */
function arrivedOrder(id: number, daysAgo: number, overrides: Partial<OrderDto> = {}): OrderDto {
  const today = shopDate(new Date()) ?? ''
  const arrivedAt = addDays(today, -daysAgo)
  const balanceDue = addDays(arrivedAt, 30)
  return orderOf(id, {
    status: 5,
    paidAmount: 3840,
    arrivedAt,
    balanceDue,
    packagingDeadline: addDays(arrivedAt, 45),
    forfeitAt: addDays(balanceDue, 16),
    lateFee: lateFee(12800, balanceDue, today),
    deadlineState: classifyDeadline(balanceDue, today).state,
    ...overrides,
  })
}

type Heard = Record<string, string>[]

/**
 * A signed-in shopper whose lists answer from `orders` (filtered by status and order id, 30 or
 * pageSize a page). Returns what each list was asked.
 */
function serveOrders(options: { operable?: OrderDto[]; original?: OrderDto[]; language?: string } = {}) {
  if (options.language) localStorage.setItem('localeLang', options.language)
  signIn()
  const heard = { operable: [] as Heard, original: [] as Heard }
  const answer =
    (orders: OrderDto[], log: Heard) =>
    ({ request }: { request: Request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams)
      log.push(params)
      const status = params.status === undefined ? undefined : Number(params.status)
      const matching = orders.filter(
        (order) =>
          (status === undefined || order.status === status) &&
          (params.orderId === undefined || order.id === Number(params.orderId)),
      )
      const pageNum = Number(params.pageNum ?? 1)
      const pageSize = Number(params.pageSize ?? 30)
      return ok(
        pageOf(
          matching.slice((pageNum - 1) * pageSize, pageNum * pageSize),
          matching.length,
          pageNum,
          pageSize,
        ),
      )
    }
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/order/operatorList', answer(options.operable ?? [], heard.operable)),
    http.get('*/api/mall/order/list', answer(options.original ?? [], heard.original)),
  )
  return heard
}

const orderCard = (id: number) => screen.getByRole('article', { name: `订单号 ${id}` })
// The first page of a run also brings the texts and the page's code: give it time.
const findOrderCard = async (id: number, name = `订单号 ${id}`) =>
  (await screen.findByRole('article', { name }, { timeout: 5000 })) as HTMLElement
const cardIds = () =>
  screen.queryAllByRole('article').map((card) => card.querySelector('h2')?.textContent ?? '')
const filterForm = () => screen.getByRole('form', { name: '筛选订单' })
const input = (label: string) => within(filterForm()).getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } })

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
  vi.restoreAllMocks()
})

describe('order list', () => {
  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/order-list')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/order-list/list?pageNum=1' })
  })

  it('opens the operable orders from /order-list, each with its status label, products, amounts and links', async () => {
    const heard = serveOrders({
      operable: [
        orderOf(101, { lines: [orderLine(7, { quantity: 2 }), orderLine(8), orderLine(9), orderLine(10)] }),
        orderOf(102, { status: 11, paidAmount: 12800, balance: 0, deposit: 12800 }),
        orderOf(103, { status: 15 }),
      ],
    })
    const { router } = await renderApp('/order-list')

    expect(await screen.findByRole('heading', { level: 1, name: '我的订单' })).toBeTruthy()
    const first = within(await findOrderCard(101))
    expect(router.state.location.pathname).toBe('/order-list/list')
    expect(screen.getByText('共 3 个订单')).toBeTruthy()
    expect(first.getByText('待付款').dataset.tone).toBe('waiting')
    expect(first.getByText('下单时间 2026-11-20 10:30')).toBeTruthy()
    expect(first.getByRole('link', { name: '商品 7' }).getAttribute('href')).toBe('/order-list/product/7')
    expect(first.getByText('×2')).toBeTruthy()
    expect(first.queryByRole('link', { name: '商品 10' })).toBeNull()
    expect(first.getByText('另有 1 种商品')).toBeTruthy()
    expect(first.getByText('定金').nextElementSibling?.textContent).toBe('¥3,840')
    expect(first.getByText('尾款').nextElementSibling?.textContent).toBe('¥8,960')
    expect(first.getByText('合计').nextElementSibling?.textContent).toBe('¥12,800')
    expect(first.getByText('已付').nextElementSibling?.textContent).toBe('¥0')
    expect(first.getByRole('link', { name: '订单号 101' }).getAttribute('href')).toBe('/order/101')
    expect(first.getByRole('link', { name: '查看订单详情' }).getAttribute('href')).toBe('/order/101')

    expect(within(orderCard(102)).getByText('已发货').dataset.tone).toBe('done')
    expect(within(orderCard(103)).getByText('已取消（逾期没收）').dataset.tone).toBe('cancelled')
    expect((screen.getByRole('radio', { name: '可操作订单' }) as HTMLInputElement).checked).toBe(true)
    expect(heard.operable).toEqual([{ pageNum: '1', pageSize: '30', language: 'zhCn' }])
    expect(heard.original).toEqual([])
  })

  it('shows the labels, names and amounts in English and asks in English', async () => {
    const heard = serveOrders({ operable: [orderOf(101), orderOf(102, { status: 5 })], language: 'en' })
    await renderApp('/order-list/list')

    const first = within(await findOrderCard(101, 'Order 101'))
    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy()
    expect(first.getByText('Pending payment')).toBeTruthy()
    expect(first.getByRole('link', { name: 'Product 7' })).toBeTruthy()
    expect(first.getByText('Deposit').nextElementSibling?.textContent).toBe('3,840 Yen')
    const second = within(screen.getByRole('article', { name: 'Order 102' }))
    expect(second.getByText('Pending balance payment')).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Operable orders' })).toBeTruthy()
    expect(heard.operable[0]?.language).toBe('en')
  })

  it('offers the statuses of table A with one "cancelled" entry', async () => {
    serveOrders({ operable: [orderOf(101)] })
    await renderApp('/order-list/list')
    await findOrderCard(101)
    const options = within(input('订单状态'))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(options[0]).toBe('全部状态')
    expect(options).toHaveLength(15)
    expect(options.filter((label) => label?.startsWith('已取消'))).toEqual(['已取消'])
    expect(options).toContain('待付尾款')
  })

  it('applies the filter: asks the list with it, keeps it in the address, and back returns to the last one', async () => {
    const heard = serveOrders({ operable: [orderOf(101), orderOf(123, { status: 5 })] })
    const { router } = await renderApp('/order-list/list')
    await findOrderCard(101)

    fireEvent.change(input('订单状态'), { target: { value: '5' } })
    type('订单号', '123')
    type('开始日期', '2026-11-01')
    type('结束日期', '2026-11-30')
    fireEvent.click(within(filterForm()).getByRole('button', { name: '查询' }))

    await waitFor(() => expect(cardIds()).toEqual(['订单号 123']))
    expect(heard.operable.at(-1)).toEqual({
      pageNum: '1',
      pageSize: '30',
      language: 'zhCn',
      status: '5',
      orderId: '123',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    })
    expect(router.state.location.search).toEqual({
      pageNum: 1,
      status: 5,
      orderId: 123,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    })
    expect(screen.getByText('共 1 个订单')).toBeTruthy()

    act(() => router.history.back())
    await waitFor(() => expect(cardIds()).toEqual(['订单号 101', '订单号 123']))
    expect(input('订单号').value).toBe('')
    act(() => router.history.forward())
    await waitFor(() => expect(cardIds()).toEqual(['订单号 123']))
    expect(input('订单号').value).toBe('123')
    expect(input('订单状态').value).toBe('5')
  })

  it('refuses an end date before the start date without asking the server', async () => {
    const heard = serveOrders({ operable: [orderOf(101)] })
    await renderApp('/order-list/list')
    await findOrderCard(101)

    type('开始日期', '2026-11-10')
    type('结束日期', '2026-11-01')
    fireEvent.click(within(filterForm()).getByRole('button', { name: '查询' }))

    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy()
    expect(input('结束日期').getAttribute('aria-invalid')).toBe('true')
    expect(heard.operable).toHaveLength(1)
  })

  it('reads the filter from the address on reload, and reset clears it', async () => {
    const heard = serveOrders({ operable: [orderOf(101), orderOf(123, { status: 5 })] })
    const { router } = await renderApp('/order-list/list?status=5&orderId=123&pageNum=1')
    await findOrderCard(123)
    expect(input('订单号').value).toBe('123')
    expect(heard.operable[0]).toMatchObject({ status: '5', orderId: '123' })

    fireEvent.click(within(filterForm()).getByRole('button', { name: '重置' }))

    await waitFor(() => expect(cardIds()).toEqual(['订单号 101', '订单号 123']))
    expect(router.state.location.search).toEqual({ pageNum: 1 })
    expect(heard.operable.at(-1)).toEqual({ pageNum: '1', pageSize: '30', language: 'zhCn' })
    expect(input('订单号').value).toBe('')
    expect(input('订单状态').value).toBe('')
  })

  it('switches between the operable and the original orders with their own calls', async () => {
    const heard = serveOrders({
      operable: [orderOf(201, { parentId: 100 }), orderOf(202, { parentId: 100, status: 3 })],
      original: [orderOf(100, { status: 0 })],
    })
    const { router } = await renderApp('/order-list/list')
    const child = within(await findOrderCard(201))
    expect(child.getByRole('link', { name: '100' }).getAttribute('href')).toBe('/order/100')

    fireEvent.click(screen.getByRole('radio', { name: '原始订单' }))

    const parent = within(await findOrderCard(100))
    expect(parent.getByText('已拆分').dataset.tone).toBe('other')
    expect(router.state.location.search).toEqual({ pageNum: 1, view: 'original' })
    expect(heard.original).toEqual([{ pageNum: '1', pageSize: '30', language: 'zhCn' }])
    expect(heard.operable).toHaveLength(1)

    fireEvent.click(screen.getByRole('radio', { name: '可操作订单' }))
    await findOrderCard(201)
    expect(router.state.location.search).toEqual({ pageNum: 1 })
  })

  it("opens a split order's children from the original list", async () => {
    serveOrders({ original: [orderOf(100, { status: 0 })] })
    const asked: string[] = []
    server.use(
      http.get('*/api/mall/order/childList/:parentId', ({ params }) => {
        asked.push(String(params.parentId))
        return ok([orderOf(201, { parentId: 100, total: 5000 }), orderOf(202, { parentId: 100, status: 3 })])
      }),
    )
    await renderApp('/order-list/list?view=original')
    const parent = within(await findOrderCard(100))

    const toggle = parent.getByRole('button', { name: '查看子订单' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)

    const link = await parent.findByRole('link', { name: '订单 201' })
    expect(link.getAttribute('href')).toBe('/order/201')
    expect(parent.getByText('合计 ¥5,000')).toBeTruthy()
    expect(parent.getByRole('link', { name: '订单 202' })).toBeTruthy()
    expect(parent.getByRole('button', { name: '收起子订单' }).getAttribute('aria-expanded')).toBe('true')
    expect(asked).toEqual(['100'])
  })

  it('pages through the orders, keeping the page and the filter in the address', async () => {
    const orders = Array.from({ length: 35 }, (_, index) => orderOf(1000 + index, { status: 3 }))
    const heard = serveOrders({ operable: orders })
    const { router } = await renderApp('/order-list/list?status=3')
    await findOrderCard(1000)
    expect(screen.getAllByRole('article')).toHaveLength(30)

    fireEvent.click(
      within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '下一页' }),
    )

    await findOrderCard(1030)
    expect(screen.getAllByRole('article')).toHaveLength(5)
    expect(router.state.location.search).toEqual({ pageNum: 2, status: 3 })
    expect(heard.operable.map((query) => [query.pageNum, query.status])).toEqual([
      ['1', '3'],
      ['2', '3'],
    ])
  })

  it('says there are no orders yet, with a way to the shop', async () => {
    serveOrders()
    await renderApp('/order-list/list')
    expect(await screen.findByText('还没有订单')).toBeTruthy()
    expect(screen.getByRole('link', { name: '去逛逛热门商品' }).getAttribute('href')).toBe(
      '/product-hot/list',
    )
    for (const name of ['导出 Excel', '导出 CSV']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true)
    }
  })

  it('says when no order matches the filter, and clears it on request', async () => {
    const heard = serveOrders({ operable: [orderOf(101)] })
    const { router } = await renderApp('/order-list/list?status=12')
    expect(await screen.findByText('没有符合条件的订单')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '清除筛选条件' }))
    await findOrderCard(101)
    expect(router.state.location.search).toEqual({ pageNum: 1 })
    expect(heard.operable.at(-1)?.status).toBeUndefined()
  })

  it('shows a failed load with its reason and loads again on retry', async () => {
    serveOrders({ operable: [orderOf(101)] })
    let failing = true
    server.use(
      http.get('*/api/mall/order/operatorList', () =>
        failing ? failed(500, '订单服务暂不可用') : undefined,
      ),
    )
    await renderApp('/order-list/list')
    expect(await screen.findByText('订单加载失败')).toBeTruthy()
    // a server fault the shopper can do nothing about reads as the general message
    expect(screen.getByText('出错了，请稍后再试')).toBeTruthy()

    failing = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await findOrderCard(101)).toBeTruthy()
  })

  it('keeps the list when the shopper opens an order and comes back', async () => {
    const heard = serveOrders({ operable: [orderOf(101), orderOf(102, { status: 3 })] })
    // the order page itself is not what this test looks at
    server.use(
      http.get('*/api/mall/order/:id', ({ params }) =>
        /^\d+$/.test(String(params.id)) ? failed(404, 'Order: not found') : undefined,
      ),
    )
    const { router } = await renderApp('/order-list/list?status=3')
    const card = within(await findOrderCard(102))

    fireEvent.click(card.getByRole('link', { name: '查看订单详情' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/102'))
    act(() => router.history.back())

    // the page's own data shows at once (the router restores its scroll), then reloads behind it
    await findOrderCard(102)
    expect(router.state.location.search).toEqual({ pageNum: 1, status: 3 })
    expect(input('订单状态').value).toBe('3')
    await waitFor(() => expect(heard.operable).toHaveLength(2))
  })
})

describe('order export', () => {
  let saved: { name: string; blob: Blob }[]
  beforeEach(() => {
    saved = []
    let lastBlob: Blob | undefined
    // jsdom has no object URLs and does not download: record what the page hands to the browser.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      lastBlob = blob
      return 'blob:orders'
    })
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob })
    })
  })

  interface ExportCall {
    query: Record<string, string>
    body: unknown
    token: string | null
  }

  function serveExport(answer: () => Response | Promise<Response>) {
    const calls: ExportCall[] = []
    server.use(
      http.post('*/api/mall/order/export', async ({ request }) => {
        calls.push({
          query: Object.fromEntries(new URL(request.url).searchParams),
          body: await request.json(),
          token: request.headers.get('token'),
        })
        return answer()
      }),
    )
    return calls
  }

  const xlsx = () =>
    new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': 'attachment; filename="orders-2026-11-23.xlsx"',
      },
    })

  it('posts the filter and view of the list and downloads the Excel file, busy meanwhile', async () => {
    serveOrders({ original: [orderOf(123, { status: 5 })] })
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const calls = serveExport(async () => {
      await released
      return xlsx()
    })
    await renderApp('/order-list/list?view=original&status=5&orderId=123&startDate=2026-11-01')
    await findOrderCard(123)

    fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }))

    expect(await screen.findByText('正在导出 Excel 文件…')).toBeTruthy()
    expect((screen.getByRole('button', { name: '导出 CSV' }) as HTMLButtonElement).disabled).toBe(true)
    release()
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.name).toBe('orders-2026-11-23.xlsx')
    expect(saved[0]?.blob.size).toBe(4)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.query).toEqual({ language: 'zhCn', format: 'xlsx' })
    expect(calls[0]?.body).toEqual({ status: 5, orderId: 123, startDate: '2026-11-01', operable: false })
    expect(calls[0]?.token).toBe(localStorage.getItem('token'))
    await waitFor(() => expect(screen.queryByText('正在导出 Excel 文件…')).toBeNull())
    expect((screen.getByRole('button', { name: '导出 Excel' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('downloads CSV of the operable orders in the shown language', async () => {
    serveOrders({ operable: [orderOf(101)], language: 'en' })
    const calls = serveExport(
      () =>
        new HttpResponse('id,status\n101,Pending payment\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        }),
    )
    await renderApp('/order-list/list')
    await findOrderCard(101, 'Order 101')

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))

    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(calls[0]?.query).toEqual({ language: 'en', format: 'csv' })
    expect(calls[0]?.body).toEqual({ operable: true })
  })

  it('says why an export failed and tries again on request', async () => {
    serveOrders({ operable: [orderOf(101)] })
    let attempts = 0
    const calls = serveExport(() => {
      attempts += 1
      return attempts === 1 ? failed(409, '另一份导出正在进行，请稍后再试') : xlsx()
    })
    await renderApp('/order-list/list')
    await findOrderCard(101)

    fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }))

    const notice = within((await screen.findByRole('alert')) as HTMLElement)
    expect(notice.getByText('导出失败')).toBeTruthy()
    expect(notice.getByText('另一份导出正在进行，请稍后再试')).toBeTruthy()
    expect(saved).toEqual([])

    fireEvent.click(notice.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(calls).toHaveLength(2)
    expect(screen.queryByText('导出失败')).toBeNull()
  })

  it('gives up after 4 seconds and says the request timed out', async () => {
    serveOrders({ operable: [orderOf(101)] })
    serveExport(async () => {
      await delay('infinite')
      return xlsx()
    })
    await renderApp('/order-list/list')
    await findOrderCard(101)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }))
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4000)
      })
    } finally {
      vi.useRealTimers()
    }
    expect(await screen.findByText('请求超时，请重试！')).toBeTruthy()
    expect(saved).toEqual([])
  })
})

describe('order list: deadlines, Pay balance and reminders', () => {
  /** The fact of a card's deadlines named `term`: its text and the state it is coloured by. */
  function fact(card: HTMLElement, term: string) {
    const dt = within(card).getByText(term, { selector: 'dt' })
    return { text: dt.nextElementSibling?.textContent, state: dt.parentElement?.dataset.state }
  }
  const payLink = (card: HTMLElement) => within(card).queryByRole('link', { name: '支付尾款' })

  /** The final count the server answers, and how many times it was asked. */
  function serveFinalCount(answer: { count: number; overCount: number }) {
    const heard = { calls: 0 }
    server.use(
      http.get('*/api/mall/order/finalCount', () => {
        heard.calls += 1
        return ok(answer)
      }),
    )
    return heard
  }

  it("shows each arrived order's dates and days in the colour of its deadline, and Pay balance only in 5 arrival", async () => {
    const onTime = arrivedOrder(301, 10)
    const dueSoon = arrivedOrder(302, 28)
    const dueToday = arrivedOrder(303, 30)
    const overdue = arrivedOrder(304, 35)
    serveOrders({
      operable: [
        onTime,
        dueSoon,
        dueToday,
        overdue,
        // forfeited by the rules, not yet by the sweep: nothing can be paid any more
        arrivedOrder(305, 50),
        arrivedOrder(306, 20, {
          status: 6,
          deadlineState: 'onTime',
          forfeitAt: addDays(onTime.arrivedAt ?? '', 61),
        }),
        orderOf(307, { status: 15, arrivedAt: '2026-01-05', balanceDue: '2026-02-04' }),
        orderOf(308),
      ],
    })
    await renderApp('/order-list/list')
    await findOrderCard(301)

    const first = orderCard(301)
    expect(fact(first, '到货日期').text).toBe(onTime.arrivedAt)
    expect(fact(first, '尾款截止日期')).toEqual({
      text: `${onTime.balanceDue} · 还剩 20 天`,
      state: 'onTime',
    })
    expect(fact(first, '没收日期')).toEqual({
      text: `逾期未处理的货物将于 ${onTime.forfeitAt} 被没收`,
      state: undefined,
    })
    expect(within(first).queryByText('滞纳金（截至今日）')).toBeNull()
    expect(payLink(first)?.getAttribute('href')).toBe('/order/301#pay-balance')

    expect(fact(orderCard(302), '尾款截止日期')).toEqual({
      text: `${dueSoon.balanceDue} · 还剩 2 天`,
      state: 'dueSoon',
    })
    expect(fact(orderCard(302), '没收日期').state).toBe('dueSoon')
    expect(fact(orderCard(303), '尾款截止日期')).toEqual({
      text: `${dueToday.balanceDue} · 今天截止`,
      state: 'dueSoon',
    })

    const late = orderCard(304)
    expect(fact(late, '尾款截止日期')).toEqual({
      text: `${overdue.balanceDue} · 已逾期 5 天`,
      state: 'overdue',
    })
    // 5 days × 0.5 % of ¥12,800
    expect(overdue.lateFee).toBe(320)
    expect(fact(late, '滞纳金（截至今日）')).toEqual({
      text: '¥320每天按商品金额的 0.5% 计',
      state: 'overdue',
    })
    expect(fact(late, '没收日期')).toEqual({
      text: `逾期未处理的货物将于 ${overdue.forfeitAt} 被没收`,
      state: 'overdue',
    })
    expect(payLink(late)?.getAttribute('href')).toBe('/order/304#pay-balance')

    expect(fact(orderCard(305), '尾款截止日期').state).toBe('forfeited')
    expect(fact(orderCard(305), '没收日期').text).toMatch(/^货物已于 \d{4}-\d{2}-\d{2} 被没收$/)
    expect(payLink(orderCard(305))).toBeNull()

    const packaging = orderCard(306)
    expect(fact(packaging, '申请打包截止日期')).toEqual({
      text: `${addDays(onTime.arrivedAt ?? '', 35)} · 还剩 25 天`,
      state: 'onTime',
    })
    expect(within(packaging).queryByText('尾款截止日期')).toBeNull()
    expect(payLink(packaging)).toBeNull()

    const lost = orderCard(307)
    expect(fact(lost, '到货日期').text).toBe('2026-01-05')
    expect(fact(lost, '货物')).toEqual({ text: '已没收（逾期未处理）', state: 'forfeited' })
    expect(payLink(lost)).toBeNull()

    // not arrived: no dates at all
    expect(within(orderCard(308)).queryByText('到货日期')).toBeNull()
    expect(payLink(orderCard(308))).toBeNull()
  })

  it('reminds of the balances due and overdue from the final count, with the late fee and forfeiture rules', async () => {
    serveOrders({ operable: [orderOf(101)] })
    const heard = serveFinalCount({ count: 3, overCount: 1 })
    const { router } = await renderApp('/order-list/list')
    await findOrderCard(101)

    const overdue = await screen.findByRole('alert')
    expect(overdue.dataset.state).toBe('overdue')
    expect(within(overdue).getByText('1 笔尾款已逾期')).toBeTruthy()
    expect(
      within(overdue).getByText(
        '逾期每天按商品金额的 0.5% 收取滞纳金，需与尾款一并支付；逾期超过 15 天仍未付清，货物将被没收。',
      ),
    ).toBeTruthy()
    const due = screen.getByText('2 笔尾款待支付').closest('[role="status"]') as HTMLElement
    expect(within(due).getByText('请在到货后 30 天内付清尾款，逾期将收取滞纳金。')).toBeTruthy()
    // the startup read the count, and the list read it again
    await waitFor(() => expect(heard.calls).toBe(2))

    fireEvent.click(within(overdue).getByRole('link', { name: '查看待付尾款的订单' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ pageNum: 1, status: 5 }))
  })

  it('counts the balances the page shows when the final count says fewer', async () => {
    serveOrders({ operable: [arrivedOrder(301, 10), arrivedOrder(304, 35)] })
    serveFinalCount({ count: 0, overCount: 0 })
    await renderApp('/order-list/list')
    await findOrderCard(301)

    expect(within(await screen.findByRole('alert')).getByText('1 笔尾款已逾期')).toBeTruthy()
    expect(screen.getByText('1 笔尾款待支付')).toBeTruthy()
  })

  it('shows no reminder when no balance is due', async () => {
    serveOrders({ operable: [orderOf(101), orderOf(102, { status: 6, deadlineState: 'onTime' })] })
    serveFinalCount({ count: 0, overCount: 0 })
    await renderApp('/order-list/list')
    await findOrderCard(101)
    expect(screen.queryByText(/笔尾款/)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
