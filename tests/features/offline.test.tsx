import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '../../src/lib/i18n.ts'
import { currentToasts, dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok, pageOf, productCards, productDetail } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

/** What the browser says about the network; its events tell the page, as a real change would. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

afterEach(async () => {
  act(() => dismissAllToasts())
  vi.restoreAllMocks()
  await activateLanguage('zhCn')
})

const main = () => within(screen.getByRole('main'))

/** The app at a path, once its layout is on screen. */
async function open(path: string) {
  const app = await renderApp(path)
  await screen.findByRole('main')
  return app
}

describe('the offline indicator', () => {
  it('says so while offline, in the shopper’s language, and goes when the network is back', async () => {
    await activateLanguage('ja')
    server.use(http.get('*/api/mall/product/hotListPage', () => ok(pageOf(productCards(1, 3)))))
    await open('/product-hot/list')
    const region = screen.getByTestId('offline-indicator')
    expect(region.getAttribute('role')).toBe('status')
    expect(region.textContent).toBe('')

    setOnline(false)
    // the badge's code arrives on first need (precached with the offline page)
    expect(
      await within(region).findByText('オフラインです。この端末に保存した内容を表示しています'),
    ).toBeTruthy()
    // and which pages open meanwhile: a visitor has home
    const pages = within(region).getByRole('navigation', { name: '開けるページ：' })
    expect((await within(pages).findByRole('link', { name: 'ホーム' })).getAttribute('href')).toBe('/')
    expect(within(pages).getAllByRole('link')).toHaveLength(1)

    setOnline(true)
    expect(region.textContent).toBe('')
  })
})

/** A signed-in shopper opens their favourites offline, never saved: the offline page's links. */
async function favouritesOfflineLinks() {
  signIn()
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => HttpResponse.error()),
    http.get('*/api/mall/collect/list', () => HttpResponse.error()),
  )
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  await open('/collect/list')
  return main().findByRole('navigation', { name: '离线时可以查看' })
}

describe('a page that cannot load without the network', () => {
  it('shows the offline page with what works offline, and loads by itself once back online', async () => {
    let networkUp = false
    server.use(
      http.get('*/api/mall/product/hotListPage', () =>
        networkUp ? ok(pageOf(productCards(1, 3))) : HttpResponse.error(),
      ),
    )
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await open('/product-hot/list')

    expect(
      await main().findByRole('heading', { level: 1, name: '当前离线，这一页还没有保存在本机' }),
    ).toBeTruthy()
    const links = within(main().getByRole('navigation', { name: '离线时可以查看' }))
    expect(links.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/')
    // a visitor has no cart or account to open
    expect(links.queryByRole('link', { name: '购物车' })).toBeNull()

    networkUp = true
    setOnline(true)
    expect(await main().findByRole('heading', { level: 1, name: '热门商品' })).toBeTruthy()
    expect(main().getAllByRole('article')).toHaveLength(3)
  })

  it('leads a signed-in shopper to their cart, favourites, history and account', async () => {
    const nav = await favouritesOfflineLinks()
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(hrefs).toEqual([
      ['首页', '/'],
      ['购物车', '/cart/list'],
      ['我的订单', '/order-list/list'],
      ['我的收藏', '/collect/list'],
      ['浏览记录', '/product-history/list'],
      ['个人信息', '/userinfo'],
    ])
  })

  it('lists only the pages whose code this device holds, once the worker has saved the list', async () => {
    // The worker's cache as the page reads it: the build's list, and the files of two pages of it.
    const held = new Map<string, Response>([
      [
        '/offline-pages.json',
        Response.json({
          warm: [],
          pages: {
            index: ['/assets/home.js'],
            'cart.list': ['/assets/cart.js', '/assets/cart-lines.js'],
            'order-list.list': ['/assets/orders.js'],
            'collect.list': ['/assets/favourites.js'],
            'product-history.list': ['/assets/history.js'],
            userinfo: ['/assets/account.js'],
          },
        }),
      ],
      ['/assets/home.js', new Response('')],
      ['/assets/cart.js', new Response('')],
      ['/assets/cart-lines.js', new Response('')],
      ['/assets/favourites.js', new Response('')],
    ])
    vi.stubGlobal('caches', { match: async (url: string) => held.get(url)?.clone() })
    const nav = await favouritesOfflineLinks()
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(3))
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/cart/list', '/collect/list'])
    vi.unstubAllGlobals()
  })

  it('keeps the server’s own failure apart: an error answer is no offline page', async () => {
    server.use(http.get('*/api/mall/product/hotListPage', () => failed(500, 'boom')))
    await open('/product-hot/list')

    expect(await main().findByText('网络错误或商品不可用')).toBeTruthy()
    expect(main().queryByTestId('offline-page')).toBeNull()
  })
})

describe('actions that need the network, offline', () => {
  it('says a favourite needs the network, sends nothing and stays on the product', async () => {
    signIn()
    const toggles: string[] = []
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/product/details/:id', () => ok(productDetail(5))),
      http.post('*/api/mall/collect/collectOrDelete/:id', ({ params }) => {
        toggles.push(String(params.id))
        return ok({ collected: true })
      }),
    )
    const { router } = await open('/product/5')
    const favourite = await main().findByRole('button', { name: '收藏' })

    setOnline(false)
    fireEvent.click(favourite)

    expect(currentToasts().map((toast) => toast.message)).toContain(
      '当前离线：这项操作需要联网，请连上网络后再试。',
    )
    expect(toggles).toEqual([])
    expect(favourite.getAttribute('aria-pressed')).toBe('false')
    expect(router.state.location.pathname).toBe('/product/5')
  })

  it('says logging in needs the network and keeps what was typed', async () => {
    server.use(http.post('*/api/mall/user/login', () => HttpResponse.error()))
    const { router } = await open('/login')
    await main().findByRole('heading', { name: '登录' })
    fireEvent.change(main().getByLabelText('邮箱'), { target: { value: 'ming@example.com' } })
    fireEvent.change(main().getByLabelText('密码'), { target: { value: 'Secret1!' } })

    setOnline(false)
    fireEvent.click(main().getByRole('button', { name: '登录' }))

    expect(await main().findByText('当前离线：这项操作需要联网，请连上网络后再试。')).toBeTruthy()
    expect((main().getByLabelText('邮箱') as HTMLInputElement).value).toBe('ming@example.com')
    expect((main().getByLabelText('密码') as HTMLInputElement).value).toBe('Secret1!')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})
