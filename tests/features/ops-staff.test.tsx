import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaffAccountDto, StaffMeDto, StaffPermission } from '../../src/domain/staff.ts'
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

function operator(me: Partial<StaffMeDto> = {}) {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '仓管', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/me', () =>
      ok<StaffMeDto>({
        id: 7,
        email: 'me@example.com',
        nickname: '仓管',
        permissions: ['warehouse'],
        mustChangePassword: false,
        ...me,
      }),
    ),
    http.get('*/api/ops/package-applies', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })),
  )
}

async function open(path: string, language: 'zhCn' | 'en' | 'ja' = 'zhCn') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  return renderApp(path)
}

const account = (
  id: number,
  email: string,
  permissions: StaffPermission[],
  overrides: Partial<StaffAccountDto> = {},
): StaffAccountDto => ({
  id,
  email,
  nickname: email.split('@')[0] ?? email,
  permissions,
  disabled: false,
  createTime: '2026-11-20T03:04:00.000Z',
  ...overrides,
})

/** Serves the staff calls over a list in `state`, recording what was sent. */
function serveStaff(initial: StaffAccountDto[]) {
  const state = { list: initial, created: [] as unknown[], updated: [] as [string, unknown][] }
  server.use(
    http.get('*/api/ops/staff', () => ok({ list: state.list })),
    http.post('*/api/ops/staff', async ({ request }) => {
      const body = (await request.json()) as {
        email: string
        nickname: string
        permissions: StaffPermission[]
      }
      state.created.push(body)
      if (body.email === 'taken@example.com') {
        return HttpResponse.json(
          {
            code: 409,
            msg: 'email: is already used by an account',
            data: { fields: [{ field: 'email', message: 'is already used by an account' }] },
          },
          { status: 409 },
        )
      }
      const created = account(100 + state.list.length, body.email, body.permissions, {
        nickname: body.nickname,
      })
      state.list = [...state.list, created]
      return ok(created)
    }),
    http.put('*/api/ops/staff/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<StaffAccountDto>
      state.updated.push([String(params.id), body])
      const index = state.list.findIndex((entry) => String(entry.id) === params.id)
      const changed = { ...(state.list[index] as StaffAccountDto), ...body }
      state.list = state.list.map((entry, at) => (at === index ? changed : entry))
      return ok(changed)
    }),
  )
  return state
}

describe('the console frame', () => {
  it('has no shop header or footer, and lists only the rooms the account may use', async () => {
    operator({ permissions: ['warehouse'] })
    const { router } = await open('/ops')
    // /ops opens the first room this account may use
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/arrivals'), pageLoad)
    const nav = await screen.findByRole('navigation', { name: '后台菜单' }, pageLoad)
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['到仓登记', '打包队列', '包裹与发货'])
    expect(within(nav).getByRole('link', { name: '到仓登记' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByText('运营人员：仓管')).toBeTruthy()
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy()
    // none of the shop around it
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(screen.queryByRole('link', { name: /购物车/ })).toBeNull()
  })

  it('shows the catalog rooms and the staff room to an account holding them', async () => {
    operator({ permissions: ['catalog', 'staff'] })
    serveStaff([account(7, 'me@example.com', ['catalog', 'staff'])])
    await open('/ops/staff')
    const nav = await screen.findByRole('navigation', { name: '后台菜单' }, pageLoad)
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/ops/products',
      '/ops/products/import',
      '/ops/categories',
      '/ops/series',
      '/ops/brands',
      '/ops/staff',
    ])
    expect(within(nav).getByRole('link', { name: '员工' }).getAttribute('aria-current')).toBe('page')
  })

  it('says a room is not this account’s instead of opening it', async () => {
    operator({ permissions: ['warehouse'] })
    let asked = false
    server.use(
      http.get('*/api/ops/orders', () => {
        asked = true
        return ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })
      }),
    )
    await open('/ops/orders')
    expect(await screen.findByText('没有使用“订单”的权限', {}, pageLoad)).toBeTruthy()
    expect(asked).toBe(false)
  })

  it('shows only the way to change the password while the account must change it', async () => {
    operator({ permissions: ['warehouse', 'staff'], mustChangePassword: true })
    const { router } = await open('/ops/packing')
    expect(await screen.findByText('请先修改密码', {}, pageLoad)).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: '后台菜单' })).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: '修改密码' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'))
  })
})

describe('the staff room', () => {
  it('lists the accounts with their rooms as chips', async () => {
    operator({ permissions: [...['warehouse', 'staff']] as StaffPermission[] })
    serveStaff([
      account(7, 'me@example.com', ['warehouse', 'staff']),
      account(8, 'gone@example.com', [], { disabled: true }),
    ])
    await open('/ops/staff')
    const table = await screen.findByRole('table', { name: '员工账号' }, pageLoad)
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const [mine, gone] = rows as [HTMLElement, HTMLElement]
    expect(within(mine).getByText('me@example.com')).toBeTruthy()
    expect(
      within(within(mine).getByRole('list', { name: 'me@example.com 的权限' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['仓库', '员工'])
    // one cannot disable oneself
    expect(within(mine).queryByRole('button', { name: '停用 me@example.com' })).toBeNull()
    expect(within(gone).getByText('已停用')).toBeTruthy()
    expect(within(gone).getByText('2026-11-20 12:04')).toBeTruthy()
    expect(within(gone).getByRole('button', { name: '启用 gone@example.com' })).toBeTruthy()
  })

  it('creates an account: checks the fields, shows the server’s refusal under its field, then creates it', async () => {
    operator({ permissions: ['staff'] })
    const state = serveStaff([account(7, 'me@example.com', ['staff'])])
    await open('/ops/staff')
    await screen.findByRole('table', { name: '员工账号' }, pageLoad)
    fireEvent.click(screen.getByRole('button', { name: '新建员工账号…' }))
    const dialog = await screen.findByRole('dialog', { name: '新建员工账号' })

    fireEvent.click(within(dialog).getByRole('button', { name: '新建账号' }))
    expect(within(dialog).getByLabelText('邮箱').getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).getByLabelText('初始密码').getAttribute('aria-invalid')).toBe('true')
    expect(state.created).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('邮箱'), { target: { value: 'taken@example.com' } })
    fireEvent.change(within(dialog).getByLabelText('昵称'), { target: { value: '小王' } })
    fireEvent.change(within(dialog).getByLabelText('初始密码'), { target: { value: 'Given1!pass' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '订单' }))
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '仓库' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '新建账号' }))
    expect(await within(dialog).findByText('该邮箱已被其他账号使用')).toBeTruthy()
    expect(within(dialog).getByLabelText('邮箱').getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(within(dialog).getByLabelText('邮箱'), { target: { value: 'packer@example.com' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '新建账号' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(state.created.at(-1)).toEqual({
      email: 'packer@example.com',
      nickname: '小王',
      password: 'Given1!pass',
      permissions: ['orders', 'warehouse'],
    })
    expect(await screen.findByText(/已创建 packer@example.com/)).toBeTruthy()
    const table = screen.getByRole('table', { name: '员工账号' })
    expect(await within(table).findByText('packer@example.com')).toBeTruthy()
  })

  it('edits an account’s rooms and disables it after asking', async () => {
    operator({ permissions: ['staff'] })
    const state = serveStaff([
      account(7, 'me@example.com', ['staff']),
      account(9, 'ken@example.com', ['orders']),
    ])
    await open('/ops/staff')
    const table = await screen.findByRole('table', { name: '员工账号' }, pageLoad)

    fireEvent.click(within(table).getByRole('button', { name: '编辑 ken@example.com 的权限' }))
    const dialog = await screen.findByRole('dialog', { name: '编辑权限：ken@example.com' })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '付款' }))
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '订单' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(state.updated).toEqual([['9', { permissions: ['payments'] }]])

    fireEvent.click(within(table).getByRole('button', { name: '停用 ken@example.com' }))
    const confirm = await screen.findByRole('dialog', { name: '停用此账号？' })
    fireEvent.click(within(confirm).getByRole('button', { name: '停用' }))
    await waitFor(() => expect(state.updated.at(-1)).toEqual(['9', { disabled: true }]))
    expect(await screen.findByText('已停用 ken@example.com，其登录已全部失效。')).toBeTruthy()
  })

  it('speaks English', async () => {
    operator({ permissions: ['staff'] })
    serveStaff([account(7, 'me@example.com', ['staff', 'audit'])])
    await open('/ops/staff', 'en')
    const table = await screen.findByRole('table', { name: 'Staff accounts' }, pageLoad)
    expect(within(table).getByText('Audit log')).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Console menu' })
    expect(within(nav).getByRole('link', { name: 'Staff' })).toBeTruthy()
  })
})
