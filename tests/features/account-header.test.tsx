import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FinalCountDto } from '../../src/domain/arrival.ts'
import type { PackageNotifyCountDto } from '../../src/domain/packaging.ts'
import type { PayInfo, SessionClaims } from '../../src/domain/session.ts'
import { refreshBadgeCounts } from '../../src/features/account/session/badge-counts.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { claimsOf, tokenFor } from './support/signed-in.ts'

afterEach(() => dismissAllToasts())

function signIn(overrides: Partial<SessionClaims> = {}) {
  localStorage.setItem('token', tokenFor(claimsOf(overrides)))
}

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

const VIP_LIST = [
  { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
  { vip: 2, scoreRate: 0.015, minMonthlySpend: 100000 },
]

const PAY_INFO: PayInfo = {
  role: 2,
  score: 2500,
  scoreRate: 0.015,
  scoreSwitch: true,
  scoreTime: '2026-12-31',
  monthlyExpenditure: 123456,
  priceSwitch: true,
  idCard: false,
}

/** The calls a signed-in home page makes; returns what the server heard. */
function serveShop(payInfo: Partial<PayInfo> = {}) {
  const heard = { exits: 0, wechats: [] as (string | null)[] }
  server.use(
    http.get('*/api/mall/category/list', () => ok([])),
    http.get('*/api/mall/product/hotList', () => ok([])),
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/vip/list', () => ok(VIP_LIST)),
    http.get('*/api/mall/user/payInfo', () => ok({ ...PAY_INFO, ...payInfo })),
    http.post('*/api/mall/user/exit', () => {
      heard.exits += 1
      return ok(null)
    }),
    http.put('*/api/mall/user/updateWechat', ({ request }) => {
      heard.wechats.push(new URL(request.url).searchParams.get('wechat'))
      return HttpResponse.json(
        { code: 200, msg: 'success', data: null },
        { headers: { token: tokenFor(claimsOf({ wechat: true })) } },
      )
    }),
  )
  return heard
}

const avatarButton = () => screen.findByRole('button', { name: /小樱/ })

describe('header when signed out', () => {
  it('offers Login and Register only', async () => {
    serveShop()
    await renderApp()
    expect((await screen.findByRole('link', { name: '登录' })).getAttribute('href')).toBe('/login')
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/signup')
    expect(screen.queryByRole('link', { name: '购物车' })).toBeNull()
    expect(screen.queryByRole('button', { name: /小樱/ })).toBeNull()
  })
})

describe('avatar menu', () => {
  it('opens from the keyboard, lists the account links and closes back to its button', async () => {
    signIn()
    serveShop()
    await renderApp()
    const button = await avatarButton()
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull()
    // the VIP chip joins the menu once the pay info has loaded
    await screen.findByRole('button', { name: 'VIP 2' })

    button.focus()
    fireEvent.keyDown(button, { key: 'ArrowDown' })
    const menu = screen.getByRole('menu', { name: '小樱' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'VIP 2',
      '积分：2,500',
      '个人信息',
      '我的订单',
      '申请打包',
      '打包记录',
      '包裹发货',
      '收货地址',
      '额外费用',
      '浏览记录',
      '修改密码',
      '退出登录',
    ])
    expect(items.slice(0, -1).map((item) => item.getAttribute('href'))).toEqual([
      '/article/180?type=2',
      '/score',
      '/userinfo',
      '/order-list/list',
      '/packaging',
      '/apply-packaging',
      '/package',
      '/address-manage',
      '/extra',
      '/product-history/list',
      '/change-password',
    ])
    expect(document.activeElement).toBe(items[0])

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items[1])
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' })
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(items.at(-1))

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button)

    fireEvent.keyDown(button, { key: 'Enter' })
    expect(screen.getByRole('menu')).toBeTruthy()
    fireEvent.pointerDown(document.body)
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('shows the pending total on the avatar, the extra-pay badge in the menu and the cart count', async () => {
    signIn()
    serveShop()
    const { session } = await renderApp()
    const button = await avatarButton()
    expect(button.textContent).not.toMatch(/\d/)
    expect(screen.getByRole('link', { name: '购物车' }).getAttribute('href')).toBe('/cart')
    expect(screen.getByRole('link', { name: '收藏' }).getAttribute('href')).toBe('/collect')

    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    session.send({ type: 'STARTUP_PATCHED', patch: { extraPayCount: 120, cartNumber: 3 } })
    expect(await screen.findByRole('button', { name: '小樱（99+ 项待处理）' })).toBe(button)
    expect(screen.getByRole('link', { name: '购物车（3 件商品）' })).toBeTruthy()

    fireEvent.click(button)
    const menu = screen.getByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: '额外费用（99+ 项待处理）' })).toBeTruthy()
    expect(within(menu).getByRole('menuitem', { name: '我的订单' })).toBeTruthy()
  })

  it('goes to a menu entry inside the app, without reloading it, and closes the menu', async () => {
    signIn()
    serveShop()
    server.use(
      http.get('*/api/mall/user/info', () =>
        ok({
          id: 42,
          username: 'sakura@example.com',
          nickname: '小樱',
          telephone: null,
          wechat: 'wx',
          sex: 0,
          birthday: null,
          avatar: null,
          role: 2,
          score: 120,
          language: 'zhCn',
          createdAt: '2026-11-01T00:00:00.000Z',
        }),
      ),
    )
    const { router } = await renderApp()
    fireEvent.click(await avatarButton())
    const entry = screen.getByRole('menuitem', { name: '个人信息' })
    expect(fireEvent.click(entry)).toBe(false) // the browser's own navigation was prevented
    await waitFor(() => expect(router.state.location.pathname).toBe('/userinfo'))
    expect(await screen.findByText('sakura@example.com')).toBeTruthy()
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('logs out: tells the server, forgets the token and offers Login again', async () => {
    signIn()
    const heard = serveShop()
    const { router } = await renderApp()
    fireEvent.click(await avatarButton())
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }))

    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy()
    await waitFor(() => expect(heard.exits).toBe(1))
    expect(localStorage.getItem('token')).toBeNull()
    expect(screen.queryByRole('button', { name: /小樱/ })).toBeNull()
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('balance badges', () => {
  /** The final count answers what `answer` holds when asked (a failure when null); returns how often it was asked. */
  function serveFinalCount(initial: FinalCountDto | null) {
    const heard = { calls: 0, answer: initial }
    server.use(
      http.get('*/api/mall/order/finalCount', () => {
        heard.calls += 1
        return heard.answer
          ? ok(heard.answer)
          : HttpResponse.json({ code: 500, msg: 'database down', data: null }, { status: 500 })
      }),
    )
    return heard
  }

  it('shows the balances due on the orders entry and in the total on the avatar', async () => {
    signIn()
    serveShop()
    serveFinalCount({ count: 3, overCount: 1 })
    const { session } = await renderApp()

    const button = await screen.findByRole('button', { name: '小樱（3 项待处理）' })
    expect(session.getSnapshot().context.startup).toMatchObject({
      orderFinalCount: 3,
      orderFinalOverCount: 1,
    })
    fireEvent.click(button)
    const orders = within(screen.getByRole('menu')).getByRole('menuitem', {
      name: '我的订单（3 笔尾款待付）',
    })
    expect(orders.getAttribute('href')).toBe('/order-list/list')
  })

  it('caps the badges at 99+', async () => {
    signIn()
    serveShop()
    serveFinalCount({ count: 120, overCount: 7 })
    await renderApp()

    fireEvent.click(await screen.findByRole('button', { name: '小樱（99+ 项待处理）' }))
    expect(screen.getByRole('menuitem', { name: '我的订单（99+ 笔尾款待付）' })).toBeTruthy()
  })

  it('reads the count again on focus, when back online and when a page asks, keeping the last one on a failure', async () => {
    signIn()
    serveShop()
    const heard = serveFinalCount({ count: 2, overCount: 0 })
    await renderApp()
    await screen.findByRole('button', { name: '小樱（2 项待处理）' })

    heard.answer = { count: 1, overCount: 1 }
    act(() => void window.dispatchEvent(new Event('focus')))
    await screen.findByRole('button', { name: '小樱（1 项待处理）' })

    // offline or failing: the last known count stays
    heard.answer = null
    const asked = heard.calls
    act(() => refreshBadgeCounts())
    await waitFor(() => expect(heard.calls).toBe(asked + 1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.getByRole('button', { name: '小樱（1 项待处理）' })).toBeTruthy()

    heard.answer = { count: 0, overCount: 0 }
    act(() => void window.dispatchEvent(new Event('online')))
    await screen.findByRole('button', { name: '小樱' })
  })

  it('keeps the last count when the startup cannot read it', async () => {
    signIn()
    serveShop()
    const heard = serveFinalCount({ count: 4, overCount: 0 })
    const { session } = await renderApp()
    await screen.findByRole('button', { name: '小樱（4 项待处理）' })

    heard.answer = null
    act(() => session.send({ type: 'RELOAD_STARTUP' }))
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    expect(heard.calls).toBe(2)
    expect(session.getSnapshot().context.startup.orderFinalCount).toBe(4)
    expect(screen.getByRole('button', { name: '小樱（4 项待处理）' })).toBeTruthy()
  })

  it('never asks for an operator, who has no orders', async () => {
    signIn({ kind: 'operator', role: null, wechat: 'other' })
    serveShop()
    const heard = serveFinalCount({ count: 3, overCount: 0 })
    const { session } = await renderApp()
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    act(() => refreshBadgeCounts())
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(heard.calls).toBe(0)
    expect(session.getSnapshot().context.startup.orderFinalCount).toBe(0)
  })
})

describe('packaging and shipping badges', () => {
  /** The packaging counts answer what `answer` holds when asked (a failure when null). */
  function serveNotifyCount(initial: PackageNotifyCountDto | null) {
    const heard = { calls: 0, answer: initial }
    server.use(
      http.get('*/api/mall/package_apply/notifyCount', () => {
        heard.calls += 1
        return heard.answer
          ? ok(heard.answer)
          : HttpResponse.json({ code: 500, msg: 'database down', data: null }, { status: 500 })
      }),
    )
    return heard
  }

  const notifyCount = (applyCount: number, count: number): PackageNotifyCountDto => ({
    applyCount,
    applyOverCount: 1,
    count,
    overCount: 0,
    badgeCount: count,
  })

  it('shows the orders waiting for packaging and the unpaid shipping fees in the menu and the total', async () => {
    signIn()
    serveShop()
    server.use(http.get('*/api/mall/order/finalCount', () => ok({ count: 1, overCount: 0 })))
    serveNotifyCount(notifyCount(4, 2))
    const { session } = await renderApp()

    const button = await screen.findByRole('button', { name: '小樱（7 项待处理）' })
    expect(session.getSnapshot().context.startup).toMatchObject({
      applyCount: 4,
      applyOverCount: 1,
      expressCount: 2,
      expressOverCount: 0,
    })
    fireEvent.click(button)
    const menu = screen.getByRole('menu')
    const packaging = within(menu).getByRole('menuitem', { name: '申请打包（4 项待处理）' })
    expect(packaging.getAttribute('href')).toBe('/packaging')
    const shipping = within(menu).getByRole('menuitem', { name: '包裹发货（2 项待处理）' })
    expect(shipping.getAttribute('href')).toBe('/package')
    // the packaging history counts nothing
    expect(within(menu).getByRole('menuitem', { name: '打包记录' })).toBeTruthy()
  })

  it('caps the packaging badge at 99+ and reads the counts again when a page asks', async () => {
    signIn()
    serveShop()
    const heard = serveNotifyCount(notifyCount(150, 0))
    await renderApp()
    fireEvent.click(await screen.findByRole('button', { name: '小樱（99+ 项待处理）' }))
    expect(screen.getByRole('menuitem', { name: '申请打包（99+ 项待处理）' })).toBeTruthy()
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' })

    // a request was made: the orders left the count
    heard.answer = notifyCount(0, 1)
    act(() => refreshBadgeCounts())
    await screen.findByRole('button', { name: '小樱（1 项待处理）' })

    // a failing read keeps the last counts, and the balance count still arrives on its own
    heard.answer = null
    server.use(http.get('*/api/mall/order/finalCount', () => ok({ count: 2, overCount: 0 })))
    act(() => void window.dispatchEvent(new Event('focus')))
    await screen.findByRole('button', { name: '小樱（3 项待处理）' })
  })
})

describe('extra-pay badge', () => {
  /** The extra-pay count answers what `answer` holds when asked (a failure when null). */
  function serveExtraCount(initial: number | null) {
    const heard = { calls: 0, answer: initial }
    server.use(
      http.get('*/api/mall/extra_pay/count', () => {
        heard.calls += 1
        return heard.answer === null
          ? HttpResponse.json({ code: 500, msg: 'database down', data: null }, { status: 500 })
          : ok({ count: heard.answer })
      }),
    )
    return heard
  }

  it('loads the unpaid extra fees with the startup, adds them to the total and shows them in the menu', async () => {
    signIn()
    serveShop()
    server.use(http.get('*/api/mall/order/finalCount', () => ok({ count: 1, overCount: 0 })))
    serveExtraCount(2)
    const { session } = await renderApp()

    const button = await screen.findByRole('button', { name: '小樱（3 项待处理）' })
    expect(session.getSnapshot().context.startup.extraPayCount).toBe(2)
    fireEvent.click(button)
    const extra = within(screen.getByRole('menu')).getByRole('menuitem', { name: '额外费用（2 项待处理）' })
    expect(extra.getAttribute('href')).toBe('/extra')
  })

  it('reads the count again when a page asks and on focus, keeping the last one on a failure', async () => {
    signIn()
    serveShop()
    const heard = serveExtraCount(4)
    await renderApp()
    await screen.findByRole('button', { name: '小樱（4 项待处理）' })

    // the fees were paid
    heard.answer = 0
    act(() => refreshBadgeCounts())
    await screen.findByRole('button', { name: '小樱' })

    heard.answer = null
    const asked = heard.calls
    act(() => void window.dispatchEvent(new Event('focus')))
    await waitFor(() => expect(heard.calls).toBe(asked + 1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.getByRole('button', { name: '小樱' })).toBeTruthy()

    heard.answer = 1
    act(() => void window.dispatchEvent(new Event('online')))
    await screen.findByRole('button', { name: '小樱（1 项待处理）' })
  })

  it('never asks for an operator', async () => {
    signIn({ kind: 'operator', role: null, wechat: 'other' })
    serveShop()
    const heard = serveExtraCount(3)
    const { session } = await renderApp()
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    act(() => refreshBadgeCounts())
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(heard.calls).toBe(0)
    expect(session.getSnapshot().context.startup.extraPayCount).toBe(0)
  })
})

describe('tier label', () => {
  it('shows VIP 2 for a matching points rate, with spending, rate and expiry on hover', async () => {
    signIn()
    serveShop()
    await renderApp()
    const tier = await screen.findByRole('button', { name: 'VIP 2' })
    expect(screen.queryByRole('tooltip')).toBeNull()

    fireEvent.mouseEnter(tier)
    const tooltip = screen.getByRole('tooltip')
    expect(tooltip.textContent).toContain('本月消费：¥123,456')
    expect(tooltip.textContent).toContain('积分比例：1.5%')
    expect(tooltip.textContent).toContain('有效期至：2026-12-31')
    expect(tier.getAttribute('aria-describedby')).toBe(tooltip.id)

    // the tooltip lingers for a moment, so the pointer can reach it
    fireEvent.mouseLeave(tier)
    expect(screen.getByRole('tooltip')).toBe(tooltip)
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  })

  it('shows SVIP, valid long-term, when points are switched off', async () => {
    signIn({ role: 1 })
    serveShop({ role: 1, scoreSwitch: false, scoreRate: 0.01, scoreTime: null })
    await renderApp()
    const tier = await screen.findByRole('button', { name: 'SVIP' })
    fireEvent.focus(tier)
    expect(screen.getByRole('tooltip').textContent).toContain('有效期：长期有效')
    expect(screen.getByRole('tooltip').textContent).toContain('积分比例：1%')
  })

  it('shows no tier for role 3', async () => {
    signIn({ role: 3 })
    serveShop({ role: 3, scoreRate: 0.015 })
    const { session } = await renderApp()
    const button = await avatarButton()
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    expect(screen.queryByRole('button', { name: /VIP/ })).toBeNull()
    fireEvent.click(button)
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: /VIP/ })).toBeNull()
  })

  it('opens the rules article on a press of 500 ms, not on a shorter one', async () => {
    signIn()
    serveShop()
    const { router } = await renderApp()
    const tier = await screen.findByRole('button', { name: 'VIP 2' })
    const touch = { button: 0, pointerType: 'touch' }

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      fireEvent.pointerDown(tier, touch)
      act(() => vi.advanceTimersByTime(499))
      fireEvent.pointerUp(tier, touch)
      act(() => vi.advanceTimersByTime(1000))
      expect(router.history.location.pathname).toBe('/')

      fireEvent.pointerDown(tier, touch)
      act(() => vi.advanceTimersByTime(500))
      fireEvent.pointerUp(tier, touch)
    } finally {
      vi.useRealTimers()
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/article/180'))
    expect(router.state.location.search).toEqual({ type: 2 })
  })
})

describe('messaging-account dialog', () => {
  it('is forced on a customer without one: Escape and the backdrop leave it open, its close button closes it', async () => {
    signIn({ wechat: false })
    serveShop()
    await renderApp()
    const dialog = await screen.findByRole('dialog', { name: '请填写聊天账号' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.textContent).toContain('填写错误将导致店铺无法联系到你')
    expect(document.activeElement).toBe(within(dialog).getByLabelText('聊天账号'))

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })
    fireEvent.pointerDown(dialog.parentElement as Element)
    fireEvent.click(dialog.parentElement as Element)
    expect(screen.getByRole('dialog')).toBe(dialog)

    // Tab cycles inside the dialog
    const close = within(dialog).getByRole('button', { name: '关闭' })
    const confirm = within(dialog).getByRole('button', { name: '确认' })
    confirm.focus()
    fireEvent.keyDown(confirm, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(confirm)

    fireEvent.click(close)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it.each([
    ['has one', true],
    ['is reached another way', 'other'],
  ] as const)('is not shown to a customer who %s', async (_, wechat) => {
    signIn({ wechat })
    serveShop()
    await renderApp()
    await avatarButton()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('refuses an empty account without calling the server', async () => {
    signIn({ wechat: false })
    const heard = serveShop()
    await renderApp()
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('聊天账号'), { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }))

    expect(within(dialog).getByText('聊天账号不能为空')).toBeTruthy()
    expect(within(dialog).getByLabelText('聊天账号').getAttribute('aria-invalid')).toBe('true')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(heard.wechats).toEqual([])
    expect(screen.getByRole('dialog')).toBe(dialog)
  })

  it('saves the account, says so and stays closed once the fresh token carries the flag', async () => {
    signIn({ wechat: false })
    const heard = serveShop()
    const { session } = await renderApp()
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('聊天账号'), { target: { value: ' sakura_88 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }))

    expect(await screen.findByText('更新成功')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(heard.wechats).toEqual(['sakura_88'])
    expect(session.getSnapshot().context.claims?.wechat).toBe(true)
  })
})
