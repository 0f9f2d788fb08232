import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { OpsCustomerDetail, OpsCustomerListItem } from '../../src/domain/customer-ops.ts'
import type { StaffMeDto } from '../../src/domain/staff.ts'
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

const pageLoad = { timeout: 5000 }

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '客服', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/me', () =>
      ok<StaffMeDto>({
        id: 7,
        email: 'me@example.com',
        nickname: '客服',
        permissions: ['customers'],
        mustChangePassword: false,
      }),
    ),
  )
}

async function open(path: string, language: 'zhCn' | 'en' | 'ja' = 'zhCn') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  return renderApp(path)
}

const listItem = (overrides: Partial<OpsCustomerListItem> = {}): OpsCustomerListItem => ({
  id: 21,
  email: 'bob@example.jp',
  nickname: 'bob',
  role: 4,
  tier: null,
  score: 50,
  disabled: false,
  orderCount: 3,
  createTime: '2026-11-20T03:04:00.000Z',
  ...overrides,
})

const detailOf = (overrides: Partial<OpsCustomerDetail> = {}): OpsCustomerDetail => ({
  id: 21,
  email: 'bob@example.jp',
  nickname: 'bob',
  telephone: null,
  avatar: null,
  language: 'ja',
  createTime: '2026-11-20T03:04:00.000Z',
  role: 4,
  tier: null,
  scoreRate: 0.01,
  scoreTime: null,
  score: 50,
  disabled: false,
  lastDisable: null,
  lastSignIn: '2026-11-21T03:04:00.000Z',
  lastSeen: '2026-11-21T03:04:00.000Z',
  addresses: [],
  orderCounts: [{ status: 2, count: 1 }],
  orderCount: 1,
  recentOrders: [{ id: 305, status: 2, total: 10_000, createTime: '2026-11-21T03:04:00.000Z' }],
  points: { list: [], total: 0, pageNum: 1, pageSize: 20 },
  ...overrides,
})

describe('the customers room', () => {
  it('reads its filters from the address, names roles by their price column, and opens a customer', async () => {
    operator()
    const asked: string[] = []
    server.use(
      http.get('*/api/ops/customers', ({ request }) => {
        asked.push(new URL(request.url).search)
        return ok({ list: [listItem()], total: 1, pageNum: 1, pageSize: 30 })
      }),
      http.get('*/api/ops/customers/21', () => ok(detailOf())),
    )
    const { router } = await open('/ops/customers?role=4&disabled=false&keyword=bob')
    const table = await screen.findByRole('table', { name: '客户列表' }, pageLoad)
    expect(asked[0]).toContain('role=4')
    expect(asked[0]).toContain('disabled=false')
    expect(asked[0]).toContain('keyword=bob')
    expect(within(table).getByText('4 · 日文站单价')).toBeTruthy()
    expect((screen.getByLabelText('关键词') as HTMLInputElement).value).toBe('bob')
    fireEvent.click(within(table).getByRole('link', { name: '查看客户 bob@example.jp' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/customers/21'))
    expect(await screen.findByRole('link', { name: '305' }, pageLoad)).toBeTruthy()
  })

  it('says when no customer matches', async () => {
    operator()
    server.use(http.get('*/api/ops/customers', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })))
    await open('/ops/customers')
    expect(await screen.findByText('没有符合条件的客户', {}, pageLoad)).toBeTruthy()
  })

  it('asks for a reason before disabling, on the field', async () => {
    operator()
    let sent: unknown
    server.use(
      http.get('*/api/ops/customers/21', () => ok(detailOf())),
      http.post('*/api/ops/customers/21/disable', async ({ request }) => {
        sent = await request.json()
        return ok(listItem({ disabled: true }))
      }),
    )
    await open('/ops/customers/21')
    fireEvent.click(await screen.findByRole('button', { name: '禁用账号…' }, pageLoad))
    const dialog = await screen.findByRole('dialog', { name: '禁用客户 bob@example.jp？' })
    fireEvent.click(within(dialog).getByRole('button', { name: '禁用账号' }))
    const reason = within(dialog).getByLabelText('禁用原因')
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).getByText('必填')).toBeTruthy()
    expect(sent).toBeUndefined()
    fireEvent.change(reason, { target: { value: 'chargeback' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '禁用账号' }))
    await waitFor(() => expect(sent).toEqual({ disabled: true, reason: 'chargeback' }))
  })

  it('shows a change that would go below 0 on the field, and the server’s 409 clearly', async () => {
    operator()
    let posts = 0
    server.use(
      http.get('*/api/ops/customers/21', () => ok(detailOf())),
      http.post('*/api/ops/customers/21/points', () => {
        posts += 1
        return HttpResponse.json(
          {
            code: 409,
            msg: 'delta: would take the points balance below 0',
            data: { fields: [{ field: 'delta', message: 'would take the points balance below 0' }] },
          },
          { status: 409 },
        )
      }),
    )
    await open('/ops/customers/21')
    fireEvent.click(await screen.findByRole('button', { name: '调整积分…' }, pageLoad))
    const dialog = await screen.findByRole('dialog', { name: '调整积分：bob@example.jp' })
    const delta = within(dialog).getByLabelText('调整数量')
    fireEvent.change(delta, { target: { value: '-60' } })
    expect(within(dialog).getByText('扣除后积分余额将低于 0，未做任何更改')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }))
    expect(posts).toBe(0)

    fireEvent.change(delta, { target: { value: '-20' } })
    expect(within(dialog).getByText('调整后积分：30')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('调整原因'), { target: { value: 'double credit' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }))
    expect(await within(dialog).findByText('积分不足，未做任何更改')).toBeTruthy()
    expect(posts).toBe(1)
    expect(delta.getAttribute('aria-invalid')).toBe('true')
  })
})
