import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import type { OpsOrderDetailDto, OpsOrderDto, OrderLineDto } from '../../src/domain/orders.ts'
import type { PayLatchDto, PaymentDto } from '../../src/domain/payments.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

function lineOf(id: number): OrderLineDto {
  return {
    id,
    productId: 500 + id,
    productName: '初音未来 手办',
    jpProductName: '初音ミク フィギュア',
    enProductName: 'Hatsune Miku figure',
    imgUrl: null,
    barcode: `49000000000${id}`,
    productType: 1,
    basePrice: 12000,
    unitPrice: 12000,
    quantity: 1,
    goods: 12000,
    total: 12600,
    deposit: 3600,
    balance: 9000,
  }
}

function orderOf(id: number, status: OrderStatus, overrides: Partial<OpsOrderDto> = {}): OpsOrderDto {
  return {
    id,
    parentId: null,
    status,
    createTime: '2026-11-20T03:04:00.000Z',
    payDueTime: null,
    modifyTime: '2026-11-21T03:04:00.000Z',
    goods: 12000,
    discount: 0,
    platformFee: 360,
    settlementFee: 240,
    deposit: 3600,
    balance: 9000,
    total: 12600,
    pointsHeld: 0,
    paidAmount: status === 2 ? 0 : 3600,
    refundAmount: 0,
    remark: null,
    arrivedAt: null,
    balanceDue: null,
    packagingDeadline: null,
    forfeitAt: null,
    lateFee: 0,
    deadlineState: null,
    lines: [lineOf(1)],
    userId: 42,
    userEmail: 'sakura@example.com',
    userNickname: '小樱',
    ...overrides,
  }
}

function paidDeposit(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    id: 'pay_0123456789abcdef01234567',
    purpose: 'deposit',
    route: 'sbps',
    method: 2,
    gateway: 'sandbox',
    amount: 3600,
    pointsUsed: 0,
    status: 2,
    createTime: '2026-11-20T03:05:00.000Z',
    settleTime: '2026-11-20T03:06:00.000Z',
    refundTime: null,
    ...overrides,
  }
}

function detailOf(
  id: number,
  status: OrderStatus,
  overrides: Partial<OpsOrderDetailDto> = {},
): OpsOrderDetailDto {
  return {
    ...orderOf(id, status),
    children: [],
    payments: status === 2 ? [] : [paidDeposit()],
    address: null,
    audit: [],
    ...overrides,
  }
}

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

/** Serves the order list, recording each query it was asked. */
function serveList(orders: OpsOrderDto[], total = orders.length) {
  const queries: Record<string, string>[] = []
  server.use(
    http.get('*/api/ops/orders', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      queries.push(query)
      return ok({ list: orders, total, pageNum: Number(query.pageNum), pageSize: Number(query.pageSize) })
    }),
  )
  return queries
}

/** Serves one order's detail as `state.detail` stands, counting the reads. */
function serveDetail(initial: OpsOrderDetailDto) {
  const state = { detail: initial, reads: 0 }
  server.use(
    http.get(`*/api/ops/orders/${initial.id}`, () => {
      state.reads += 1
      return ok(state.detail)
    }),
  )
  return state
}

const filterForm = () => screen.getByRole('form', { name: '筛选订单' })

/** The texts of a table row's cells at the given columns. */
const cellsOf = (row: HTMLElement, columns: number[]) => {
  const cells = within(row).getAllByRole('cell')
  return columns.map((column) => cells[column]?.textContent)
}

async function open(path: string, language: 'zhCn' | 'en' = 'zhCn') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  return renderApp(path)
}

describe('operator console: who may enter', () => {
  it('sends a visitor to log in, coming back to the console after', async () => {
    const queries = serveList([])
    const { router } = await open('/ops/orders')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/ops/orders' })
    expect(queries).toEqual([])
  })

  it('refuses a customer without showing the console or calling it', async () => {
    signIn()
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    )
    const queries = serveList([orderOf(1, 3)])
    const { router } = await open('/ops/orders')
    expect(await screen.findByText('没有权限访问运营后台')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/ops/orders')
    expect(screen.queryByText('Yoyaku 运营后台')).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
    expect(queries).toEqual([])
  })

  it('refuses a customer in the language they chose: the refusal is in the console’s own texts', async () => {
    signIn()
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    )
    serveList([orderOf(1, 3)])
    await open('/ops/orders', 'en')
    expect(await screen.findByText('You cannot open the operator console')).toBeTruthy()
    expect(screen.queryByText('没有权限访问运营后台')).toBeNull()
  })

  it('opens the console for an operator at the order list, with their name and the sections', async () => {
    operator()
    serveList([orderOf(1001, 3)])
    const { router } = await open('/ops')
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/orders'))
    // the order list's code may still be arriving (the frame is hidden until it has): wait for the list
    await screen.findByRole('table', { name: '订单列表' })
    expect(screen.getByText('Yoyaku 运营后台')).toBeTruthy()
    expect(screen.getByText('运营人员：店长')).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: '后台菜单' })
    expect(within(nav).getByRole('link', { name: '订单' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: '设置' }).getAttribute('href')).toBe('/ops/settings')
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy()
  })
})

describe('operator console: the order list', () => {
  it('shows every shopper’s orders with status labels in their colour and amounts', async () => {
    operator()
    serveList([orderOf(1001, 3), orderOf(1002, 15, { userEmail: 'ken@example.com', userNickname: 'Ken' })])
    await open('/ops/orders')
    const table = await screen.findByRole('table', { name: '订单列表' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const [first, second] = rows as [HTMLElement, HTMLElement]
    expect(within(first).getByText('待处理').getAttribute('data-tone')).toBe('waiting')
    expect(within(first).getByText('sakura@example.com')).toBeTruthy()
    // order, status, created, deposit, balance, total, paid (created in shop time, Tokyo)
    expect(cellsOf(first, [0, 2, 3, 4, 5, 6, 7])).toEqual([
      '1001',
      '待处理',
      '2026-11-20 12:04',
      '¥3,600',
      '¥9,000',
      '¥12,600',
      '¥3,600',
    ])
    expect(within(second).getByText('已取消（逾期没收）').getAttribute('data-tone')).toBe('cancelled')
    expect(within(first).getByRole('link', { name: '查看订单 1001' }).getAttribute('href')).toBe(
      '/ops/orders/1001',
    )
    expect(screen.getByText('共 2 个订单')).toBeTruthy()
  })

  it('shows the labels in English', async () => {
    operator()
    serveList([orderOf(1001, 4)])
    await open('/ops/orders', 'en')
    const table = await screen.findByRole('table', { name: 'Order list' })
    expect(within(table).getByText('Awaiting supplier shipment')).toBeTruthy()
    expect(within(table).getAllByText('3,600 Yen')).toHaveLength(2)
    expect(within(table).getByText('12,600 Yen')).toBeTruthy()
    const status = screen.getByLabelText('Order status') as HTMLSelectElement
    expect([...status.options].map((option) => option.text)).toContain('Cancelled (forfeited)')
  })

  it('sends the filters as the query and keeps them in the address', async () => {
    operator()
    const queries = serveList([orderOf(1001, 3)])
    const { router } = await open('/ops/orders')
    await screen.findByRole('table')
    expect(queries.at(-1)).toEqual({ pageNum: '1', pageSize: '30' })

    fireEvent.change(screen.getByLabelText('订单状态'), { target: { value: '15' } })
    fireEvent.change(screen.getByLabelText('用户 ID'), { target: { value: '42' } })
    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: '1001' } })
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-30' } })
    fireEvent.click(within(filterForm()).getByRole('button', { name: '搜索' }))

    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        status: '15',
        userId: '42',
        orderId: '1001',
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        pageNum: '1',
        pageSize: '30',
      }),
    )
    expect(router.state.location.search).toEqual({
      status: 15,
      userId: 42,
      orderId: 1001,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    })

    fireEvent.click(within(filterForm()).getByRole('button', { name: '重置' }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ pageNum: '1', pageSize: '30' }))
    expect((screen.getByLabelText('用户 ID') as HTMLInputElement).value).toBe('')
  })

  it('refuses an end date before the start without asking the server', async () => {
    operator()
    const queries = serveList([])
    await open('/ops/orders')
    await screen.findByText('没有符合条件的订单')
    const asked = queries.length
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-30' } })
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-01' } })
    fireEvent.click(within(filterForm()).getByRole('button', { name: '搜索' }))
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy()
    expect(queries.length).toBe(asked)
  })

  it('opens a filtered address as it says and pages through it', async () => {
    operator()
    const orders = Array.from({ length: 30 }, (_, index) => orderOf(2000 + index, 5))
    const queries = serveList(orders, 65)
    await open('/ops/orders?status=5')
    await screen.findByRole('table')
    expect(queries.at(-1)).toMatchObject({ status: '5', pageNum: '1' })
    expect((screen.getByLabelText('订单状态') as HTMLSelectElement).value).toBe('5')
    fireEvent.click(screen.getByRole('link', { name: '第 3 页' }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: '5', pageNum: '3', pageSize: '30' }))
  })

  it('says what failed and retries', async () => {
    operator()
    let failing = true
    server.use(
      http.get('*/api/ops/orders', () =>
        failing ? failed(500, 'boom') : ok({ list: [orderOf(1, 3)], total: 1, pageNum: 1, pageSize: 30 }),
      ),
    )
    await open('/ops/orders')
    expect(await screen.findByText('加载失败')).toBeTruthy()
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('table')).toBeTruthy()
  })
})

describe('operator console: an order', () => {
  it('shows the lines, payments, address, children and audit log', async () => {
    operator()
    serveDetail(
      detailOf(1001, 0, {
        address: {
          firstName: '小樱',
          lastName: '木之本',
          nameEn: null,
          telephone: '+852 5555 0100',
          postCode: '999077',
          country: '中国香港',
          countryEn: 'Hong Kong',
          province: null,
          provinceEn: null,
          city: '香港',
          cityEn: 'Hong Kong',
          district: '九龙',
          districtEn: 'Kowloon',
          shopName: null,
          shopNameEn: null,
          address: '弥敦道 100 号',
          addressEn: '100 Nathan Road',
        },
        children: [orderOf(1002, 5, { parentId: 1001 })],
        audit: [
          {
            id: 1,
            action: 'order.split',
            actor: 'ops@example.com',
            createTime: '2026-11-22T01:00:00.000Z',
            before: { status: 3 },
            after: { status: 0 },
          },
        ],
      }),
    )
    await open('/ops/orders/1001')
    expect(await screen.findByRole('heading', { level: 1, name: '订单 1001' })).toBeTruthy()
    expect(screen.getByText('初音未来 手办')).toBeTruthy()
    expect(screen.getByText('490000000001')).toBeTruthy()
    const payments = screen.getByRole('heading', { name: '付款记录' }).parentElement as HTMLElement
    expect(within(payments).getByText('SB Payment Service · 便利店支付')).toBeTruthy()
    expect(within(payments).getByText('已支付')).toBeTruthy()
    expect(screen.getByText(/木之本 小樱/)).toBeTruthy()
    expect(screen.getByText(/中国香港 香港 九龙 弥敦道 100 号/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '订单 1002' }).getAttribute('href')).toBe('/ops/orders/1002')
    expect(screen.getByText('order.split')).toBeTruthy()
    expect(screen.getByText('{"status":0}')).toBeTruthy()
    // a split parent can be neither ordered nor refunded
    expect(screen.queryByRole('button', { name: '标记为已向厂家下单' })).toBeNull()
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull()
  })

  it('marks an order in 3 ordered after asking, then reloads it', async () => {
    operator()
    const served = serveDetail(detailOf(1001, 3))
    let posted = 0
    server.use(
      http.post('*/api/ops/orders/1001/ordered', () => {
        posted += 1
        served.detail = detailOf(1001, 4)
        return ok(served.detail)
      }),
    )
    await open('/ops/orders/1001')
    fireEvent.click(await screen.findByRole('button', { name: '标记为已向厂家下单' }))
    const dialog = screen.getByRole('dialog', { name: '标记为已向厂家下单？' })
    expect(within(dialog).getByText('订单 1001 将从“待处理”变为“等待厂家发货”。')).toBeTruthy()
    expect(posted).toBe(0)
    fireEvent.click(within(dialog).getByRole('button', { name: '确认下单' }))

    expect(await screen.findByText('订单 1001 已标记为已向厂家下单。')).toBeTruthy()
    expect(posted).toBe(1)
    await waitFor(() => expect(served.reads).toBe(2))
    expect(await screen.findByText('等待厂家发货')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '标记为已向厂家下单' })).toBeNull()
  })

  it('shows the server’s message when someone moved the order first (409)', async () => {
    operator()
    const served = serveDetail(detailOf(1001, 3))
    server.use(
      http.post('*/api/ops/orders/1001/ordered', () => {
        served.detail = detailOf(1001, 12)
        return HttpResponse.json(
          { code: 409, msg: 'order: is in status 12, not 3', data: { status: 12 } },
          { status: 409 },
        )
      }),
    )
    await open('/ops/orders/1001')
    fireEvent.click(await screen.findByRole('button', { name: '标记为已向厂家下单' }))
    fireEvent.click(screen.getByRole('button', { name: '确认下单' }))
    expect(await screen.findByText('订单现在是“已退款”，不能再标记为已下单。')).toBeTruthy()
    expect(screen.getByText('操作未完成')).toBeTruthy()
    await waitFor(() => expect(served.reads).toBe(2))
    expect(await screen.findByText('已退款', { selector: '[data-tone]' })).toBeTruthy()
  })

  it('shows the server’s own message for another refusal', async () => {
    operator()
    serveDetail(detailOf(1001, 3))
    server.use(
      http.post('*/api/ops/orders/1001/ordered', () =>
        HttpResponse.json({ code: 409, msg: 'order: is being changed, try again' }, { status: 409 }),
      ),
    )
    await open('/ops/orders/1001')
    fireEvent.click(await screen.findByRole('button', { name: '标记为已向厂家下单' }))
    fireEvent.click(screen.getByRole('button', { name: '确认下单' }))
    expect(await screen.findByText('order: is being changed, try again')).toBeTruthy()
  })

  it('offers no "ordered" outside 3, and refunds a paid order with a reason', async () => {
    operator()
    const served = serveDetail(detailOf(1001, 4))
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/ops/orders/1001/refund', async ({ request }) => {
        bodies.push(await request.json())
        served.detail = detailOf(1001, 12, {
          refundAmount: 3600,
          payments: [paidDeposit({ status: 3, refundTime: '2026-11-23T00:00:00.000Z' })],
        })
        return ok({ orderId: 1001, before: { status: 4 }, after: { status: 12 }, payments: [] })
      }),
    )
    await open('/ops/orders/1001')
    await screen.findByRole('heading', { level: 1, name: '订单 1001' })
    expect(screen.queryByRole('button', { name: '标记为已向厂家下单' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: '退款' }))
    const dialog = screen.getByRole('dialog', { name: '退款：订单 1001' })
    expect(within(dialog).getByText(/将通过原支付渠道退回 ¥3,600/)).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('退款原因'), { target: { value: '厂家取消生产' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退款' }))

    expect(await screen.findByText('订单 1001 已退款。')).toBeTruthy()
    expect(bodies).toEqual([{ reason: '厂家取消生产' }])
    await waitFor(() => expect(served.reads).toBe(2))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull()
    const title = screen.getByRole('heading', { level: 1, name: '订单 1001' })
    expect(await within(title.parentElement as HTMLElement).findByText('已退款')).toBeTruthy()
  })

  it('offers no refund for an order with nothing paid', async () => {
    operator()
    serveDetail(detailOf(1001, 3, { payments: [] }))
    await open('/ops/orders/1001')
    expect(await screen.findByRole('button', { name: '标记为已向厂家下单' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull()
  })

  it('says when the order does not exist', async () => {
    operator()
    server.use(http.get('*/api/ops/orders/999', () => failed(404, 'order: not found')))
    await open('/ops/orders/999')
    expect(await screen.findByText('找不到这个订单')).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回订单列表' }).getAttribute('href')).toBe('/ops/orders')
  })
})

describe('operator console: settings', () => {
  it('shows the pay latch and closes it with a message', async () => {
    operator()
    let latch: PayLatchDto = { open: true, message: null }
    const puts: unknown[] = []
    server.use(
      http.get('*/api/ops/settings/pay-latch', () => ok(latch)),
      http.put('*/api/ops/settings/pay-latch', async ({ request }) => {
        const body = (await request.json()) as PayLatchDto
        puts.push(body)
        latch = { open: body.open, message: body.message ?? null }
        return ok(latch)
      }),
    )
    await open('/ops/settings')
    expect(await screen.findByText('当前状态：收款开放中，顾客可以付款。')).toBeTruthy()
    const toggle = screen.getByRole('switch', { name: '允许收款' })
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    fireEvent.change(screen.getByLabelText('关闭时向顾客显示的说明'), {
      target: { value: '系统维护中，预计 1 小时' },
    })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))

    expect(await screen.findByText('已保存：收款已关闭。')).toBeTruthy()
    expect(puts).toEqual([{ open: false, message: '系统维护中，预计 1 小时' }])
    expect(await screen.findByText('当前状态：收款已关闭，所有付款请求都会被拒绝。')).toBeTruthy()
  })
})
