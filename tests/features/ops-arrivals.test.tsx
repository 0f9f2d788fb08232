import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { DeadlineSweepResult } from '../../src/domain/arrival.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import type { OpsOrderDetailDto, OpsOrderDto, OrderLineDto } from '../../src/domain/orders.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

const today = shopDate(new Date()) ?? ''

function lineOf(id: number, name = '初音未来 手办'): OrderLineDto {
  return {
    id,
    productId: 500 + id,
    productName: name,
    jpProductName: null,
    enProductName: null,
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
    paidAmount: 3600,
    refundAmount: 0,
    remark: null,
    arrivedAt: null,
    balanceDue: null,
    packagingDeadline: null,
    forfeitAt: null,
    lateFee: 0,
    deadlineState: null,
    lines: [lineOf(id * 10 + 1)],
    userId: 42,
    userEmail: 'sakura@example.com',
    userNickname: '小樱',
    ...overrides,
  }
}

function detailOf(order: OpsOrderDto, overrides: Partial<OpsOrderDetailDto> = {}): OpsOrderDetailDto {
  return { ...order, children: [], payments: [], address: null, audit: [], ...overrides }
}

/** The order after its arrival on `arrivedAt`: 5 with the balance due 30 days later. */
function arrivedOf(order: OpsOrderDto, arrivedAt: string): OpsOrderDetailDto {
  return detailOf({
    ...order,
    status: 5,
    arrivedAt,
    balanceDue: addDays(arrivedAt, 30),
    packagingDeadline: addDays(arrivedAt, 45),
    forfeitAt: addDays(arrivedAt, 46),
    deadlineState: 'onTime',
  })
}

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

/**
 * Serves GET /api/ops/orders: by status for the default list, by keyword for a search (`byKeyword`),
 * recording each query.
 */
function serveOrders(
  orders: { [status: number]: OpsOrderDto[] },
  byKeyword: Record<string, OpsOrderDto[]> = {},
) {
  const queries: Record<string, string>[] = []
  server.use(
    http.get('*/api/ops/orders', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      queries.push(query)
      const list =
        query.keyword === undefined ? (orders[Number(query.status)] ?? []) : (byKeyword[query.keyword] ?? [])
      return ok({ list, total: list.length, pageNum: 1, pageSize: Number(query.pageSize) })
    }),
  )
  return queries
}

interface Posted {
  orderId: number
  body: { arrivedAt: string; lineIds?: number[] }
}

/** Serves POST …/arrival with `answer` per order, recording the calls and when each began and ended. */
function serveArrival(answer: (posted: Posted) => Response | Promise<Response>) {
  const posted: Posted[] = []
  const events: string[] = []
  server.use(
    http.post('*/api/ops/orders/:id/arrival', async ({ params, request }) => {
      const call = { orderId: Number(params.id), body: (await request.json()) as Posted['body'] }
      posted.push(call)
      events.push(`start ${call.orderId}`)
      await delay(20)
      const response = await answer(call)
      events.push(`end ${call.orderId}`)
      return response
    }),
  )
  return { posted, events }
}

const refused = (status: number, msg: string, data: unknown) =>
  HttpResponse.json({ code: status, msg, data }, { status })

async function open(path: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  return renderApp(path)
}

const arrivalsTable = () => screen.findByRole('table', { name: '到仓订单' })
const bookingForm = () => screen.getByRole('form', { name: '登记到仓' })
const dateInput = () => within(bookingForm()).getByLabelText('到仓日期') as HTMLInputElement
/** Types into the arrivals search and submits it (the shop's header has a search of its own). */
function searchFor(keyword: string) {
  const form = screen.getByRole('form', { name: '查找订单' })
  fireEvent.change(within(form).getByLabelText('订单号 / JAN 条码 / 货号'), { target: { value: keyword } })
  fireEvent.click(within(form).getByRole('button', { name: '搜索' }))
}
const results = () => screen.getByRole('heading', { name: '登记结果' }).parentElement as HTMLElement

describe('arrivals: finding the orders', () => {
  it('lists the orders awaiting goods (4 and 3) with their lines, from the console’s menu', async () => {
    operator()
    const queries = serveOrders({
      4: [orderOf(1002, 4, { lines: [lineOf(21, '雷姆 手办'), lineOf(22, '拉姆 手办')] })],
      3: [orderOf(1001, 3)],
    })
    const { router } = await open('/ops/orders')
    const nav = await screen.findByRole('navigation', { name: '后台菜单' })
    fireEvent.click(within(nav).getByRole('link', { name: '到仓登记' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/arrivals'))

    const table = await arrivalsTable()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['1002', '1001'])
    const [first] = rows as [HTMLElement]
    expect(within(first).getByText('雷姆 手办 × 1')).toBeTruthy()
    expect(within(first).getByText('4900000000022')).toBeTruthy()
    expect(within(first).getByText('等待厂家发货')).toBeTruthy()
    expect(within(first).getByText('2026-11-20 12:04')).toBeTruthy()
    expect(
      queries
        .filter((query) => query.status !== undefined)
        .map((query) => query.status)
        .sort(),
    ).toEqual(['3', '4'])
    expect(dateInput().value).toBe(today)
    expect(dateInput().max).toBe(today)
  })

  it('searches by order number, JAN or item number and offers booking only where the status allows it', async () => {
    operator()
    const queries = serveOrders(
      {},
      { '4900000000011': [orderOf(1001, 4), orderOf(1003, 5, { arrivedAt: '2026-11-01' })] },
    )
    await open('/ops/arrivals')
    expect(await screen.findByText('没有等待到货的订单')).toBeTruthy()

    searchFor(' 4900000000011 ')

    const table = await arrivalsTable()
    expect(queries.at(-1)).toEqual({ keyword: '4900000000011', pageNum: '1', pageSize: '100' })
    expect(within(table).getByRole('checkbox', { name: '选择订单 1001' })).toBeTruthy()
    expect(within(table).queryByRole('checkbox', { name: '选择订单 1003' })).toBeNull()
    expect(within(table).getByText('到仓 2026-11-01')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }))
    expect(await screen.findByText('没有等待到货的订单')).toBeTruthy()
  })

  it('says when a search finds nothing', async () => {
    operator()
    serveOrders({ 3: [orderOf(1001, 3)] })
    await open('/ops/arrivals')
    await arrivalsTable()
    searchFor('ABC-1')
    expect(await screen.findByText('没有找到匹配的订单')).toBeTruthy()
  })
})

describe('arrivals: booking', () => {
  it('books every ticked order with one date, one call after the other, each saying what happened', async () => {
    operator()
    const waiting = [orderOf(1003, 4), orderOf(1002, 4), orderOf(1001, 3)]
    serveOrders({ 4: waiting.slice(0, 2), 3: waiting.slice(2) })
    const arrivedAt = addDays(today, -3)
    const { posted, events } = serveArrival(({ orderId, body }) => {
      if (orderId === 1001) return refused(409, 'order: is in status 12, not 3', { status: 12 })
      const order = waiting.find((each) => each.id === orderId) as OpsOrderDto
      return ok(arrivedOf(order, body.arrivedAt))
    })
    await open('/ops/arrivals')
    const table = await arrivalsTable()
    const book = () => within(bookingForm()).getByRole('button', { name: /登记到仓/ }) as HTMLButtonElement
    expect(book().disabled).toBe(true)

    fireEvent.click(within(table).getByRole('checkbox', { name: '选择订单 1003' }))
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择订单 1001' }))
    expect(book().textContent).toBe('登记到仓（2 个订单）')
    fireEvent.change(dateInput(), { target: { value: arrivedAt } })
    fireEvent.click(book())

    await waitFor(() => expect(within(results()).getAllByRole('listitem')).toHaveLength(2))
    expect(posted).toEqual([
      { orderId: 1003, body: { arrivedAt } },
      { orderId: 1001, body: { arrivedAt } },
    ])
    // sequential: the second call starts only after the first answered
    expect(events).toEqual(['start 1003', 'end 1003', 'start 1001', 'end 1001'])
    const [done, failed] = within(results()).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(done.textContent).toBe(
      `订单 1003 已到仓（${arrivedAt}），状态“待付尾款”，尾款截止 ${addDays(arrivedAt, 30)}。`,
    )
    expect(done.dataset.outcome).toBe('arrived')
    expect(failed.textContent).toBe('订单 1001：未登记。订单现在是“已退款”，不能进行此操作。')
    expect(failed.dataset.outcome).toBe('refused')
    // the refused order stays ticked for another try; the booked one is no longer
    await waitFor(() => expect(book().textContent).toBe('登记到仓（1 个订单）'))
  })

  it('ticks every bookable order at once', async () => {
    operator()
    serveOrders({ 4: [orderOf(1002, 4)], 3: [orderOf(1001, 3)] })
    const { posted } = serveArrival(({ orderId, body }) => ok(arrivedOf(orderOf(orderId, 4), body.arrivedAt)))
    await open('/ops/arrivals')
    const table = await arrivalsTable()
    fireEvent.click(within(table).getByRole('checkbox', { name: '全选可登记的订单' }))
    fireEvent.click(within(bookingForm()).getByRole('button', { name: '登记到仓（2 个订单）' }))
    await waitFor(() => expect(posted.map((call) => call.orderId)).toEqual([1002, 1001]))
    expect(posted.every((call) => call.body.arrivedAt === today && call.body.lineIds === undefined)).toBe(
      true,
    )
  })

  it('shows the server’s refusal of the date, translated, next to the date', async () => {
    operator()
    serveOrders({ 4: [orderOf(1002, 4)] })
    const message = 'is so long ago that the goods would already be forfeited'
    const { posted } = serveArrival(() =>
      refused(400, `arrivedAt: ${message}`, { fields: [{ field: 'arrivedAt', message }] }),
    )
    await open('/ops/arrivals')
    const table = await arrivalsTable()
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择订单 1002' }))
    fireEvent.change(dateInput(), { target: { value: '2025-01-01' } })
    fireEvent.click(within(bookingForm()).getByRole('button', { name: '登记到仓（1 个订单）' }))

    await waitFor(() => expect(dateInput().getAttribute('aria-invalid')).toBe('true'))
    const describedBy = (dateInput().getAttribute('aria-describedby') ?? '').split(' ')
    const texts = describedBy.map((each) => document.getElementById(each)?.textContent)
    expect(texts).toContain('日期太早：按此日期货物已被没收')
    expect(within(results()).getByText('订单 1002：未登记。日期太早：按此日期货物已被没收')).toBeTruthy()
    expect(posted).toHaveLength(1)
  })

  it('refuses a date after today without asking the server', async () => {
    operator()
    serveOrders({ 4: [orderOf(1002, 4)] })
    const { posted } = serveArrival(() => ok(null))
    await open('/ops/arrivals')
    const table = await arrivalsTable()
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择订单 1002' }))
    fireEvent.change(dateInput(), { target: { value: addDays(today, 1) } })
    fireEvent.click(within(bookingForm()).getByRole('button', { name: '登记到仓（1 个订单）' }))
    expect(await within(bookingForm()).findByText('日期不能晚于今天（日本时间）')).toBeTruthy()
    expect(posted).toEqual([])
  })

  it('books some lines of an order from the “Part arrived…” dialog (lineIds), at the page’s date', async () => {
    operator()
    const order = orderOf(1002, 4, {
      lines: [lineOf(21, '雷姆 手办'), lineOf(22, '拉姆 手办'), lineOf(23, '艾米莉亚 手办')],
    })
    serveOrders({ 4: [order] })
    const arrivedAt = addDays(today, -1)
    const { posted } = serveArrival(({ body }) =>
      ok(arrivedOf({ ...orderOf(1005, 4), parentId: 1002, lines: [lineOf(22)] }, body.arrivedAt)),
    )
    await open('/ops/arrivals')
    await arrivalsTable()
    fireEvent.change(dateInput(), { target: { value: arrivedAt } })
    fireEvent.click(screen.getByRole('button', { name: '订单 1002 部分到货…' }))

    const dialog = screen.getByRole('dialog', { name: '登记到仓：订单 1002' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect((within(dialog).getByLabelText('到仓日期') as HTMLInputElement).value).toBe(arrivedAt)
    fireEvent.click(within(dialog).getByRole('button', { name: '登记到仓' }))
    expect(await within(dialog).findByText('请至少勾选一个到货的商品行')).toBeTruthy()
    expect(posted).toEqual([])

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /拉姆 手办/ }))
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /艾米莉亚 手办/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: '登记到仓' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posted).toEqual([{ orderId: 1002, body: { arrivedAt, lineIds: [22, 23] } }])
    expect(within(results()).getByRole('listitem').textContent).toBe(
      `订单 1002 已拆分：订单 1005 已到仓（${arrivedAt}），状态“待付尾款”，尾款截止 ${addDays(arrivedAt, 30)}。`,
    )
  })

  it('shows a refusal of the lines in the dialog and closes it with Escape', async () => {
    operator()
    serveOrders({ 4: [orderOf(1002, 4, { lines: [lineOf(21), lineOf(22)] })] })
    const message = 'must be some, not all, of the order’s lines, each once'
    serveArrival(() => refused(400, `lineIds: ${message}`, { fields: [{ field: 'lineIds', message }] }))
    await open('/ops/arrivals')
    await arrivalsTable()
    const opener = screen.getByRole('button', { name: '订单 1002 部分到货…' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: '登记到仓：订单 1002' })
    fireEvent.click(within(dialog).getAllByRole('checkbox')[0] as HTMLElement)
    fireEvent.click(within(dialog).getByRole('button', { name: '登记到仓' }))
    expect(await within(dialog).findByText('请选择订单的部分商品行（不能全选，不能重复）')).toBeTruthy()

    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})

describe('arrivals: the deadline sweep', () => {
  it('runs the sweep and says what it did', async () => {
    operator()
    serveOrders({})
    let runs = 0
    const result: DeadlineSweepResult = {
      ran: true,
      today: '2026-12-30',
      expired: [],
      lateFeesCreated: [1002, 1004],
      lateFeesUpdated: [1001],
      storageFeesCreated: [980],
      storageFeesUpdated: [],
      packageStorageFeesCreated: [],
      packageStorageFeesUpdated: [31, 32],
      forfeited: [990],
      packagesLocked: [30],
    }
    server.use(
      http.post('*/api/ops/jobs/deadlines/run', () => {
        runs += 1
        return ok(result)
      }),
    )
    await open('/ops/arrivals')
    fireEvent.click(await screen.findByRole('button', { name: '立即运行截止日检查' }))
    expect(await screen.findByText('截止日检查已完成（日本时间 2026-12-30）：')).toBeTruthy()
    expect(runs).toBe(1)
    const counts = (label: string) => {
      const term = screen.getByText(label)
      return [...(term.parentElement as HTMLElement).querySelectorAll('dd')].map((each) => each.textContent)
    }
    expect(counts('超时未付款而取消的订单')).toEqual(['0'])
    expect(counts('新建滞纳金的订单')).toEqual(['2', '订单：1002、1004'])
    expect(counts('滞纳金金额已更新的订单')).toEqual(['1', '订单：1001'])
    expect(counts('逾期没收的订单')).toEqual(['1', '订单：990'])
    expect(counts('新建仓储费的订单')).toEqual(['1', '订单：980'])
    expect(counts('包裹仓储费金额已更新的包裹')).toEqual(['2', '包裹：31、32'])
    expect(counts('运费逾期而锁定的包裹')).toEqual(['1', '包裹：30'])
  })

  it('says so when another runner held the sweep', async () => {
    operator()
    serveOrders({})
    server.use(
      http.post('*/api/ops/jobs/deadlines/run', () =>
        ok({
          ran: false,
          today,
          expired: [],
          lateFeesCreated: [],
          lateFeesUpdated: [],
          storageFeesCreated: [],
          storageFeesUpdated: [],
          packageStorageFeesCreated: [],
          packageStorageFeesUpdated: [],
          forfeited: [],
          packagesLocked: [],
        }),
      ),
    )
    await open('/ops/arrivals')
    fireEvent.click(await screen.findByRole('button', { name: '立即运行截止日检查' }))
    expect(await screen.findByText('另一个进程正在运行截止日检查')).toBeTruthy()
  })
})

describe('an order’s page: arrival, deadlines and split', () => {
  /** Serves one order's detail as `state.detail` stands. */
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

  const threeLines = () => [lineOf(21, '雷姆 手办'), lineOf(22, '拉姆 手办'), lineOf(23, '艾米莉亚 手办')]

  it('shows the arrival and deadline fields in the deadline’s colour', async () => {
    operator()
    serveDetail(
      detailOf(
        orderOf(1001, 5, {
          arrivedAt: '2026-10-01',
          balanceDue: '2026-10-31',
          packagingDeadline: '2026-11-15',
          forfeitAt: '2026-11-16',
          lateFee: 600,
          deadlineState: 'overdue',
        }),
      ),
    )
    await open('/ops/orders/1001')
    const facts = await screen.findByRole('region', { name: '订单信息' })
    const fact = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent
    expect(fact('到仓日期')).toBe('2026-10-01')
    expect(fact('尾款截止')).toBe('2026-10-31')
    expect(fact('打包截止')).toBe('2026-11-15')
    expect(fact('没收日期')).toBe('2026-11-16')
    expect(fact('滞纳金')).toBe('¥600')
    expect(within(facts).getByText('已逾期').getAttribute('data-tone')).toBe('cancelled')
    // 5 arrival can neither arrive again nor be split
    expect(screen.queryByRole('button', { name: '登记到仓…' })).toBeNull()
    expect(screen.queryByRole('button', { name: '拆分订单…' })).toBeNull()
  })

  it('books the whole order’s arrival from “Arrival…” (every line ticked: no lineIds)', async () => {
    operator()
    const order = orderOf(1001, 4, { lines: threeLines() })
    const served = serveDetail(detailOf(order))
    const { posted } = serveArrival(({ body }) => {
      served.detail = arrivedOf(order, body.arrivedAt)
      return ok(served.detail)
    })
    await open('/ops/orders/1001')
    fireEvent.click(await screen.findByRole('button', { name: '登记到仓…' }))
    const dialog = screen.getByRole('dialog', { name: '登记到仓：订单 1001' })
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true)
    fireEvent.click(within(dialog).getByRole('button', { name: '登记到仓' }))

    expect(
      await screen.findByText(
        `订单 1001 已到仓（${today}），状态“待付尾款”，尾款截止 ${addDays(today, 30)}。`,
      ),
    ).toBeTruthy()
    expect(posted).toEqual([{ orderId: 1001, body: { arrivedAt: today } }])
    await waitFor(() => expect(served.reads).toBe(2))
  })

  it('splits an order into the groups chosen per line, refusing a single group, and shows the children', async () => {
    operator()
    const order = orderOf(1001, 4, { lines: threeLines() })
    const served = serveDetail(detailOf(order))
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/ops/orders/1001/split', async ({ request }) => {
        bodies.push(await request.json())
        served.detail = detailOf(
          { ...order, status: 0 },
          {
            children: [
              orderOf(1005, 4, { parentId: 1001, lines: [lineOf(21), lineOf(23)] }),
              orderOf(1006, 4, { parentId: 1001, lines: [lineOf(22)] }),
            ],
          },
        )
        return ok(served.detail)
      }),
    )
    await open('/ops/orders/1001')
    fireEvent.click(await screen.findByRole('button', { name: '拆分订单…' }))
    const dialog = screen.getByRole('dialog', { name: '拆分订单 1001' })
    expect(dialog.contains(document.activeElement)).toBe(true)

    // everything starts in group 1: one group is refused without asking
    fireEvent.click(within(dialog).getByRole('button', { name: '确认拆分' }))
    expect(await within(dialog).findByText('请至少把商品行分到两个组，每组至少一行')).toBeTruthy()
    expect(bodies).toEqual([])

    const groupOf = (name: string) =>
      within(dialog).getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLSelectElement
    expect([...groupOf('拉姆 手办').options].map((option) => option.text)).toEqual(['第 1 组', '第 2 组'])
    fireEvent.click(within(dialog).getByRole('button', { name: '添加分组' }))
    expect(groupOf('拉姆 手办').options).toHaveLength(3)
    expect((within(dialog).getByRole('button', { name: '添加分组' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    fireEvent.change(groupOf('拉姆 手办'), { target: { value: '3' } })
    const summary = within(dialog).getByRole('list', { name: '分组概况' })
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['第 1 组：2 个商品行', '第 2 组：空（不会生成子订单）', '第 3 组：1 个商品行'])
    fireEvent.click(within(dialog).getByRole('button', { name: '确认拆分' }))

    expect(await screen.findByText('订单 1001 已拆分为 2 个子订单：1005、1006。')).toBeTruthy()
    expect(bodies).toEqual([{ groups: [[21, 23], [22]] }])
    expect(screen.queryByRole('dialog')).toBeNull()
    const children = (await screen.findByRole('heading', { name: '拆分出的子订单' }))
      .parentElement as HTMLElement
    expect(within(children).getByRole('link', { name: '订单 1005' })).toBeTruthy()
    expect(within(children).getByRole('link', { name: '订单 1006' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '拆分订单…' })).toBeNull()
  })

  it('shows the server’s refusal of a split in the dialog', async () => {
    operator()
    serveDetail(detailOf(orderOf(1001, 3, { lines: threeLines() })))
    server.use(
      http.post('*/api/ops/orders/1001/split', () =>
        refused(409, 'order: is in status 5, not 3', { status: 5 }),
      ),
    )
    await open('/ops/orders/1001')
    fireEvent.click(await screen.findByRole('button', { name: '拆分订单…' }))
    const dialog = screen.getByRole('dialog', { name: '拆分订单 1001' })
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^雷姆 手办/ }), { target: { value: '2' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认拆分' }))
    expect(await within(dialog).findByText('订单现在是“待付尾款”，不能进行此操作。')).toBeTruthy()
  })

  it('offers no split for an order with one line', async () => {
    operator()
    serveDetail(detailOf(orderOf(1001, 4)))
    await open('/ops/orders/1001')
    expect(await screen.findByRole('button', { name: '登记到仓…' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '拆分订单…' })).toBeNull()
  })
})
