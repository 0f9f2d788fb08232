import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PackageNotifyCountDto } from '../../src/domain/packaging.ts'
import type { SessionClaims } from '../../src/domain/session.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

interface Pending {
  final?: { count: number; overCount: number }
  packaging?: Pick<PackageNotifyCountDto, 'applyCount' | 'applyOverCount' | 'count' | 'overCount'>
  extra?: number
}

/** The startup counts a customer's session reads (nothing pending unless given). */
function servePending(pending: Pending) {
  const packaging = pending.packaging ?? { applyCount: 0, applyOverCount: 0, count: 0, overCount: 0 }
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/order/finalCount', () => ok(pending.final ?? { count: 0, overCount: 0 })),
    http.get('*/api/mall/package_apply/notifyCount', () => ok({ ...packaging, badgeCount: packaging.count })),
    http.get('*/api/mall/extra_pay/count', () => ok({ count: pending.extra ?? 0 })),
    // the guard of the account pages a link opens
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

const EVERYTHING: Pending = {
  final: { count: 3, overCount: 1 },
  packaging: { applyCount: 2, applyOverCount: 0, count: 1, overCount: 1 },
  extra: 4,
}

/** The app signed in as this login, once its startup counts are in (the header's total badge shows). */
async function openSignedIn(claims: Partial<SessionClaims>, path = '/') {
  signIn(claims)
  const app = await renderApp(path)
  await screen.findByRole('button', { name: /^小樱/ })
  return app
}

const tipsDialog = () => screen.findByRole('dialog', { name: '待处理事项' })

/** Gives a dialog that would open every chance to (its code is already loaded, see beforeAll). */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
}

beforeAll(async () => {
  // the dialog's chunk, loaded once here: a dialog that should not open has no load time to hide behind
  await import('../../src/features/shell/tips/tips-dialog.tsx')
})
afterEach(() => {
  dismissAllToasts()
  sessionStorage.clear()
})

describe('the tips dialog', () => {
  it('lists each kind with something pending, how many are overdue, and the pages that settle them', async () => {
    servePending(EVERYTHING)
    await openSignedIn({ sid: 'tips-all' })
    const dialog = await tipsDialog()

    const tips = within(dialog).getAllByRole('listitem')
    const linksOf = (tip: HTMLElement) =>
      within(tip)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')])
    expect(tips.map((tip) => tip.querySelector('p')?.textContent)).toEqual([
      '3 笔订单待付尾款，其中 1 笔已逾期',
      '2 个订单待申请打包',
      '1 个包裹待付运费，其中 1 个已逾期',
      '4 笔额外费用待支付',
    ])
    expect(tips.map(linksOf)).toEqual([
      [
        ['去付尾款', '/order-list/list?pageNum=1&status=5'],
        ['查看额外费用', '/extra'],
      ],
      [
        ['去申请打包', '/packaging'],
        ['查看额外费用', '/extra'],
      ],
      [
        ['去付运费', '/package/list?pageNum=1&status=3'],
        ['查看额外费用', '/extra'],
      ],
      [['去支付额外费用', '/extra']],
    ])
    // focus is in the dialog from the start
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('lists only the kinds with a count', async () => {
    servePending({ packaging: { applyCount: 0, applyOverCount: 0, count: 0, overCount: 0 }, extra: 1 })
    await openSignedIn({ sid: 'tips-extra' })
    const dialog = await tipsDialog()
    const tips = within(dialog).getAllByRole('listitem')
    expect(tips.map((tip) => tip.querySelector('p')?.textContent)).toEqual(['1 笔额外费用待支付'])
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/extra'])
  })

  it('does not open when nothing is pending', async () => {
    servePending({})
    await openSignedIn({ sid: 'tips-none' })
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens once per login in a tab: not again after closing, again for the next login', async () => {
    servePending(EVERYTHING)
    const first = await openSignedIn({ sid: 'tips-once' })
    const dialog = await tipsDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    // the app starts again in the same tab (a reload) with the same login
    first.unmount()
    const reloaded = await openSignedIn({ sid: 'tips-once' })
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()

    // another login in this tab
    reloaded.unmount()
    await openSignedIn({ sid: 'tips-next' })
    expect(await tipsDialog()).toBeTruthy()
  })

  it('closes with Escape, and with a link, which opens its page', async () => {
    servePending(EVERYTHING)
    const first = await openSignedIn({ sid: 'tips-escape' })
    fireEvent.keyDown(await tipsDialog(), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    first.unmount()

    const { router } = await openSignedIn({ sid: 'tips-link' })
    fireEvent.click(within(await tipsDialog()).getByRole('link', { name: '去申请打包' }))
    expect(screen.queryByRole('dialog', { name: '待处理事项' })).toBeNull()
    await waitFor(() => expect(router.state.location.pathname).toBe('/packaging'))
  })

  it('waits for the messaging-account dialog to be closed: one dialog at a time', async () => {
    servePending(EVERYTHING)
    await openSignedIn({ sid: 'tips-wechat', wechat: false })
    const messaging = await screen.findByRole('dialog', { name: '请填写聊天账号' })
    await settle()
    expect(screen.getAllByRole('dialog')).toEqual([messaging])

    fireEvent.click(within(messaging).getByRole('button', { name: '关闭' }))
    expect(await tipsDialog()).toBeTruthy()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
  })

  it('never opens for a visitor or an operator', async () => {
    servePending(EVERYTHING)
    const visitor = await renderApp('/')
    await screen.findByRole('link', { name: '登录' })
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    visitor.unmount()

    signIn({ sid: 'tips-operator', kind: 'operator', role: null, wechat: 'other' })
    await renderApp('/')
    await screen.findByRole('button', { name: /^小樱/ })
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
