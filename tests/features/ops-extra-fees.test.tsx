import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import type { OpsCreateExtraFeeBody, OpsExtraFeeDto, OpsVoidExtraFeeBody } from '../../src/domain/extras.ts'
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

function feeOf(
  id: number,
  status: ExtraFeeStatus,
  type: ExtraFeeType,
  overrides: Partial<OpsExtraFeeDto> = {},
): OpsExtraFeeDto {
  return {
    id,
    orderIds: [1024],
    packageId: null,
    package: null,
    status,
    type,
    amount: 1500,
    createTime: '2026-12-05T03:04:00.000Z',
    dueDate: '2026-12-20',
    remark: '超大件包装材料费',
    userId: 42,
    userEmail: 'sakura@example.com',
    paymentId: null,
    paidAt: null,
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

/** Serves GET /api/ops/extra-fees from `state.list` filtered as the server does, recording each query. */
function serveFees(list: OpsExtraFeeDto[]) {
  const state = { list, queries: [] as Record<string, string>[] }
  server.use(
    http.get('*/api/ops/extra-fees', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      state.queries.push(query)
      const found = state.list.filter(
        (fee) =>
          (query.status === undefined || fee.status === Number(query.status)) &&
          (query.type === undefined || fee.type === Number(query.type)) &&
          (query.userId === undefined || fee.userId === Number(query.userId)),
      )
      return ok({ list: found, total: found.length, pageNum: 1, pageSize: Number(query.pageSize) })
    }),
  )
  return state
}

const badRequest = (field: string, message: string) =>
  HttpResponse.json(
    { code: 400, msg: `${field}: ${message}`, data: { fields: [{ field, message }] } },
    { status: 400 },
  )

async function open() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  return renderApp('/ops/extra-fees')
}

const feesTable = () => screen.findByRole('table', { name: '额外费用列表' }, { timeout: 5000 })
const rowOf = (table: HTMLElement, feeId: number) =>
  within(table).getByText(String(feeId), { selector: 'td' }).closest('tr') as HTMLElement

describe('extra fees list', () => {
  it('shows each fee’s shopper, type, status, orders, dates and payment, and filters by status, type and shopper', async () => {
    operator()
    const state = serveFees([
      feeOf(71, 1, 2),
      feeOf(72, 2, 3, {
        orderIds: [1030, 1031],
        amount: 12_345,
        remark: null,
        dueDate: null,
        paymentId: 'pay_0123456789abcdef01234567',
        paidAt: '2026-12-06T05:00:00.000Z',
      }),
      feeOf(73, 1, 4, {
        orderIds: [],
        packageId: 88,
        package: { id: 88, applyId: 30, packageNo: 'YP000030-1', status: 7 },
        userId: 43,
        userEmail: 'ken@example.com',
      }),
    ])
    await open()
    const table = await feesTable()
    expect(
      within(rowOf(table, 72))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '72',
      'sakura@example.com用户 ID 42',
      '滞纳金',
      '已支付',
      '¥12,345',
      '10301031',
      '—',
      '2026-12-05 12:04',
      '—',
      '—',
      '2026-12-06 14:00pay_0123456789abcdef01234567',
      '',
    ])
    expect(within(rowOf(table, 72)).getByRole('link', { name: '1031' }).getAttribute('href')).toBe(
      '/ops/orders/1031',
    )
    expect(within(rowOf(table, 73)).getAllByRole('cell')[6]?.textContent).toBe('88')
    // only a fee still to be paid can be voided or waived
    expect(within(rowOf(table, 71)).getByRole('button', { name: '作废：费用 71' })).toBeTruthy()
    expect(within(rowOf(table, 71)).getByRole('button', { name: '免除：费用 71' })).toBeTruthy()
    expect(within(rowOf(table, 72)).queryByRole('button')).toBeNull()
    expect(state.queries).toEqual([{ pageNum: '1', pageSize: '30' }])

    const filters = screen.getByRole('form', { name: '筛选额外费用' })
    fireEvent.change(within(filters).getByLabelText('费用状态'), { target: { value: '1' } })
    await waitFor(() => expect(state.queries.at(-1)).toEqual({ status: '1', pageNum: '1', pageSize: '30' }))
    await waitFor(() => expect(screen.queryByText('12,345', { exact: false })).toBeNull())
    fireEvent.change(within(filters).getByLabelText('费用类型'), { target: { value: '4' } })
    await waitFor(() =>
      expect(state.queries.at(-1)).toEqual({ status: '1', type: '4', pageNum: '1', pageSize: '30' }),
    )
    await waitFor(() => expect(screen.queryByText('sakura@example.com')).toBeNull())
    expect(within(await feesTable()).getByText('ken@example.com')).toBeTruthy()

    // a shopper's id is applied on search, and only a whole number is one
    const userId = within(filters).getByLabelText('用户 ID')
    fireEvent.change(userId, { target: { value: 'ken' } })
    fireEvent.click(within(filters).getByRole('button', { name: '搜索' }))
    expect(await within(filters).findByText('须为正整数')).toBeTruthy()
    expect(state.queries).toHaveLength(3)
    fireEvent.change(userId, { target: { value: ' 42 ' } })
    fireEvent.click(within(filters).getByRole('button', { name: '搜索' }))
    await waitFor(() =>
      expect(state.queries.at(-1)).toEqual({
        status: '1',
        type: '4',
        userId: '42',
        pageNum: '1',
        pageSize: '30',
      }),
    )
    expect(await screen.findByText('没有符合条件的费用')).toBeTruthy()
    expect(within(filters).queryByText('须为正整数')).toBeNull()

    fireEvent.click(within(filters).getByRole('button', { name: '重置' }))
    await waitFor(() => expect(state.queries.at(-1)).toEqual({ pageNum: '1', pageSize: '30' }))
    expect(await feesTable()).toBeTruthy()
    expect((userId as HTMLInputElement).value).toBe('')
  })

  it('is in the console menu', async () => {
    operator()
    serveFees([])
    await open()
    const nav = await screen.findByRole('navigation', { name: '后台菜单' }, { timeout: 5000 })
    const link = within(nav).getByRole('link', { name: '额外费用' })
    expect(link.getAttribute('href')).toBe('/ops/extra-fees')
    expect(link.getAttribute('aria-current')).toBe('page')
  })
})

describe('creating a fee', () => {
  it('checks the fields as the server does, shows the server’s refusal under its field, then creates the fee', async () => {
    operator()
    const state = serveFees([])
    const bodies: unknown[] = []
    let refuse = true
    server.use(
      http.post('*/api/ops/extra-fees', async ({ request }) => {
        const body = (await request.json()) as OpsCreateExtraFeeBody
        bodies.push(body)
        if (refuse) return badRequest('orderIds', 'must be orders of that customer')
        const fee = feeOf(80, 1, 2, { ...body, dueDate: body.dueDate ?? null, remark: body.remark })
        state.list = [fee]
        return ok(fee)
      }),
    )
    await open()
    expect(await screen.findByText('没有符合条件的费用', {}, { timeout: 5000 })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '新建费用…' }))
    const dialog = screen.getByRole('dialog', { name: '新建额外费用' })
    const submit = within(dialog).getByRole('button', { name: '新建费用' })

    fireEvent.click(submit)
    expect(within(dialog).getAllByText('必填')).toHaveLength(3)
    fireEvent.change(within(dialog).getByLabelText('用户 ID'), { target: { value: '42' } })
    fireEvent.change(within(dialog).getByLabelText('金额（日元）'), { target: { value: '1500.5' } })
    fireEvent.change(within(dialog).getByLabelText('相关订单号'), { target: { value: '1024，10x5' } })
    fireEvent.change(within(dialog).getByLabelText('备注（顾客可见）'), { target: { value: '   ' } })
    fireEvent.click(submit)
    expect(within(dialog).getByText('须为整数日元')).toBeTruthy()
    expect(within(dialog).getByText('订单号须为正整数')).toBeTruthy()
    expect(within(dialog).getByText('必填')).toBeTruthy()
    expect(bodies).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('金额（日元）'), { target: { value: '1500' } })
    fireEvent.change(within(dialog).getByLabelText('相关订单号'), { target: { value: '1024， 1025,1026' } })
    fireEvent.change(within(dialog).getByLabelText('备注（顾客可见）'), {
      target: { value: ' 超大件包装材料费 ' },
    })
    fireEvent.change(within(dialog).getByLabelText('付款截止日期（日本时间）'), {
      target: { value: '2026-12-31' },
    })
    fireEvent.click(submit)
    const orders = within(dialog).getByLabelText('相关订单号')
    await waitFor(() => expect(orders.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText('须为该顾客的订单')).toBeTruthy()
    expect(bodies).toEqual([
      {
        userId: 42,
        type: 2,
        amount: 1500,
        orderIds: [1024, 1025, 1026],
        remark: '超大件包装材料费',
        dueDate: '2026-12-31',
      },
    ])

    // correcting the field clears the refusal; a due date left blank is sent as none
    refuse = false
    fireEvent.change(orders, { target: { value: '1024' } })
    expect(orders.getAttribute('aria-invalid')).toBeNull()
    fireEvent.change(within(dialog).getByLabelText('付款截止日期（日本时间）'), { target: { value: '' } })
    fireEvent.click(submit)
    expect(await screen.findByText('已为用户 42 新建费用 80（¥1,500）。')).toBeTruthy()
    expect(bodies.at(-1)).toEqual({
      userId: 42,
      type: 2,
      amount: 1500,
      orderIds: [1024],
      remark: '超大件包装材料费',
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    const table = await feesTable()
    expect(within(rowOf(table, 80)).getByText('超大件包装材料费')).toBeTruthy()
  })
})

describe('voiding and waiving a fee', () => {
  /** Serves POST …/void: status 1 → 4 in `state.list`, or `refuse`. */
  function serveVoid(state: { list: OpsExtraFeeDto[] }, refuse?: () => Response) {
    const calls: { id: number; body: OpsVoidExtraFeeBody }[] = []
    server.use(
      http.post('*/api/ops/extra-fees/:id/void', async ({ params, request }) => {
        const body = (await request.json()) as OpsVoidExtraFeeBody
        calls.push({ id: Number(params.id), body })
        if (refuse) return refuse()
        const ended = { ...(state.list.find((fee) => fee.id === Number(params.id)) as OpsExtraFeeDto) }
        ended.status = 4
        state.list = state.list.map((fee) => (fee.id === ended.id ? ended : fee))
        return ok(ended)
      }),
    )
    return calls
  }

  it('voids with a required reason and shows the fee ended', async () => {
    operator()
    const state = serveFees([feeOf(71, 1, 2)])
    const calls = serveVoid(state)
    await open()
    const table = await feesTable()
    fireEvent.click(within(table).getByRole('button', { name: '作废：费用 71' }))
    const dialog = screen.getByRole('dialog', { name: '作废费用 71' })
    expect(within(dialog).getByText(/其他费用 ¥1,500（用户 ID 42）将作为误收费用作废/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '确认作废' }))
    expect(within(dialog).getByText('必填')).toBeTruthy()
    expect(calls).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('作废原因'), { target: { value: ' 重复收费 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认作废' }))
    expect(await screen.findByText('费用 71 已作废。')).toBeTruthy()
    expect(calls).toEqual([{ id: 71, body: { waive: false, reason: '重复收费' } }])
    await waitFor(() => expect(within(rowOf(table, 71)).getByText('已作废或免除')).toBeTruthy())
    expect(within(rowOf(table, 71)).queryByRole('button')).toBeNull()
  })

  it('waives, and says when the fee was paid meanwhile and reloads the list', async () => {
    operator()
    const state = serveFees([feeOf(71, 1, 1, { orderIds: [1024] })])
    const calls = serveVoid(state, () => {
      state.list = [{ ...(state.list[0] as OpsExtraFeeDto), status: 2 }]
      return HttpResponse.json(
        { code: 409, msg: 'Extra fee 71 is not awaiting payment', data: { status: 2 } },
        { status: 409 },
      )
    })
    await open()
    const table = await feesTable()
    fireEvent.click(within(table).getByRole('button', { name: '免除：费用 71' }))
    const dialog = screen.getByRole('dialog', { name: '免除费用 71' })
    fireEvent.change(within(dialog).getByLabelText('免除原因'), { target: { value: '老顾客，免收仓储费' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认免除' }))
    expect(await screen.findByText('这笔费用现在的状态是“已支付”，不能作废或免除。')).toBeTruthy()
    expect(calls).toEqual([{ id: 71, body: { waive: true, reason: '老顾客，免收仓储费' } }])
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(within(rowOf(table, 71)).getByText('已支付')).toBeTruthy())
    expect(within(rowOf(table, 71)).queryByRole('button')).toBeNull()
  })
})
