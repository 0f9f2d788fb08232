import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CategoryNode, CustomerServiceDto, FooterArticleDto } from '../../src/domain/catalog.ts'
import type { PayInfo } from '../../src/domain/session.ts'
import { PHONE_LAYOUT } from '../../src/lib/use-media-query.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { recordNavigations, signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => vi.unstubAllGlobals())

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

const categories: CategoryNode[] = [
  {
    id: 1,
    name: '手办',
    jpName: 'フィギュア',
    enName: 'Figures',
    children: [
      { id: 7, name: '比例手办', jpName: 'スケールフィギュア', enName: 'Scale figures', children: [] },
      { id: 8, name: 'Q版手办', jpName: 'デフォルメ', enName: 'Chibi figures', children: [] },
    ],
  },
  { id: 2, name: '徽章', jpName: '缶バッジ', enName: 'Badges', children: [] },
]

function serveCategories() {
  server.use(http.get('*/api/mall/category/list', () => ok(categories)))
}

const MEMBER_PAY_INFO: PayInfo = {
  role: 2,
  score: 2500,
  scoreRate: 0.015,
  scoreSwitch: true,
  scoreTime: '2026-12-31',
  monthlyExpenditure: 123456,
  priceSwitch: true,
  idCard: false,
}

/** A member with a VIP 2 tier (pay info and levels), as the startup loads them. */
function serveMember() {
  server.use(
    http.get('*/api/mall/user/payInfo', () => ok(MEMBER_PAY_INFO)),
    http.get('*/api/mall/vip/list', () =>
      ok([
        { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
        { vip: 2, scoreRate: 0.015, minMonthlySpend: 100000 },
      ]),
    ),
  )
}

function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_LAYOUT,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }))
}

const typeOptions = () =>
  within(screen.getByRole('combobox', { name: '商品类型' }))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('desktop header', () => {
  it('offers a visitor Login and Register only', async () => {
    serveCategories()
    await renderApp()
    expect((await screen.findByRole('link', { name: '登录' })).getAttribute('href')).toBe('/login')
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/signup')
    expect(screen.queryByRole('link', { name: /收藏/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /购物车/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /小樱/ })).toBeNull()
    expect(screen.queryByRole('button', { name: '客服' })).toBeNull()
    expect(screen.getByRole('link', { name: /Yoyaku/ }).getAttribute('href')).toBe('/')
  })

  it('shows a signed-in shopper the avatar menu, favourites and the cart with its count, 99+ above 99', async () => {
    signIn()
    serveCategories()
    server.use(...startupHandlers)
    const { session } = await renderApp()
    expect(await screen.findByRole('button', { name: /小樱/ })).toBeTruthy()
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull()
    expect(screen.queryByRole('link', { name: '注册' })).toBeNull()
    expect(screen.getByRole('link', { name: '收藏' }).getAttribute('href')).toBe('/collect')
    expect(screen.getByRole('link', { name: '购物车' }).getAttribute('href')).toBe('/cart')

    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    act(() => session.send({ type: 'STARTUP_PATCHED', patch: { cartNumber: 7 } }))
    expect(screen.getByRole('link', { name: '购物车（7 件商品）' })).toBeTruthy()
    act(() => session.send({ type: 'STARTUP_PATCHED', patch: { cartNumber: 150 } }))
    const cart = screen.getByRole('link', { name: '购物车（99+ 件商品）' })
    expect(cart.textContent).toContain('99+')
  })

  it('offers the product types of the language, none in Japanese, and goes back to default on a switch', async () => {
    serveCategories()
    const { router } = await renderApp()
    await screen.findByRole('combobox', { name: '商品类型' })
    expect(typeOptions()).toEqual(['默认', '预订', '现货', '追加', '代购', '厂家现货', '现场预售'])
    const typeSelect = () =>
      screen.getAllByRole('combobox').find((element) => element.querySelector('option[value="9"]')) as
        | HTMLSelectElement
        | undefined
    fireEvent.change(typeSelect() as HTMLSelectElement, { target: { value: '2' } })
    expect(typeSelect()?.value).toBe('2')

    // in-stock (2) exists in English too, and still the choice goes back to the first
    fireEvent.change(screen.getByRole('combobox', { name: '语言' }), { target: { value: 'en' } })
    await waitFor(() => expect(document.documentElement.lang).toBe('en'))
    expect(typeSelect()?.value).toBe('0')
    const englishOptions = within(typeSelect() as HTMLElement)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(englishOptions.slice(1)).toEqual(['Pre-order', 'In stock', 'On-site pre-sale'])
    fireEvent.change(typeSelect() as HTMLSelectElement, { target: { value: '9' } })

    fireEvent.change(screen.getByRole('combobox', { name: /Language|语言/ }), { target: { value: 'ja' } })
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'))
    expect(typeSelect()).toBeUndefined()
    // no type filter in Japanese: a search carries none
    const visited = recordNavigations(router.history)
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: /搜索|検索/ }))
    expect(visited).toEqual(['/product-search/list'])
  })

  it('searches with Enter and with the magnifier, by name, category and type', async () => {
    serveCategories()
    const { router } = await renderApp()
    const box = await screen.findByRole('searchbox', { name: '商品名称、货号或 JAN 码' })
    const visited = recordNavigations(router.history)

    fireEvent.change(box, { target: { value: '艾琳' } })
    fireEvent.change(screen.getByRole('combobox', { name: '商品类型' }), { target: { value: '2' } })
    // Enter in the box submits its form
    fireEvent.submit(box.closest('form') as HTMLFormElement)
    expect(visited).toEqual([`/product-search/list?name=${encodeURIComponent('艾琳')}&type=2`])

    fireEvent.change(screen.getByRole('combobox', { name: '商品分类' }), { target: { value: '7' } })
    expect(visited[1]).toBe('/product-search/list?category=7')

    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: '搜索' }))
    expect(visited[2]).toBe(`/product-search/list?name=${encodeURIComponent('艾琳')}&category=7&type=2`)
  })

  it('lists the categories in the dropdown by language, children under their parent', async () => {
    localStorage.setItem('localeLang', 'en')
    serveCategories()
    await renderApp()
    await screen.findByRole('navigation', { name: /./ })
    const select = (await screen.findAllByRole('combobox')).find((element) =>
      element.querySelector('optgroup'),
    ) as HTMLSelectElement
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'All',
      'Scale figures',
      'Chibi figures',
      'Badges',
    ])
    expect(select.querySelector('optgroup')?.getAttribute('label')).toBe('Figures')
  })

  it('opens a category from the bar; a submenu shows its children and Escape puts it away', async () => {
    serveCategories()
    await renderApp()
    const nav = await screen.findByRole('navigation', { name: '商品分类' })
    const parent = within(nav).getByRole('link', { name: '手办' })
    expect(parent.getAttribute('href')).toBe('/product-search/list?category=1')
    const child = within(nav).getByRole('link', { name: 'Q版手办' })
    expect(child.getAttribute('href')).toBe('/product-search/list?category=8')
    expect(within(nav).getByRole('link', { name: '徽章' }).getAttribute('href')).toBe(
      '/product-search/list?category=2',
    )

    child.focus()
    const item = parent.closest('li') as HTMLElement
    fireEvent.keyDown(child, { key: 'Escape' })
    expect(item.hasAttribute('data-dismissed')).toBe(true)
    expect(document.activeElement).toBe(parent)
    fireEvent.mouseLeave(item)
    expect(item.hasAttribute('data-dismissed')).toBe(false)
  })
})

describe('footer', () => {
  const articles: FooterArticleDto[] = [
    { id: 10, type: 1, name: '购物指南' },
    { id: 11, type: 2, name: '运费说明' },
    { id: 12, type: 5, name: '付款方式' },
    { id: 13, type: 4, name: '关于我们' },
  ]

  it('lays the articles out in 4 columns by type modulo 4, each opening in a new tab', async () => {
    const languages: (string | null)[] = []
    server.use(
      http.get('*/api/mall/footer/list', ({ request }) => {
        languages.push(new URL(request.url).searchParams.get('language'))
        return ok(articles)
      }),
    )
    await renderApp()
    const footer = await screen.findByRole('contentinfo')
    await within(footer).findByRole('link', { name: /购物指南/ })
    const columns = within(footer).getAllByRole('list')
    expect(columns).toHaveLength(4)
    const names = columns.map((column) =>
      within(column)
        .queryAllByRole('link')
        .map((link) => link.textContent?.replace('（在新标签页中打开）', '')),
    )
    expect(names).toEqual([['关于我们'], ['购物指南', '付款方式'], ['运费说明'], []])

    const link = within(footer).getByRole('link', { name: /付款方式/ })
    expect(link.getAttribute('href')).toBe('/article/12?type=5')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')

    fireEvent.change(screen.getByRole('combobox', { name: '语言' }), { target: { value: 'ja' } })
    expect(languages).toContain('zhCn')
    await waitFor(() => expect(languages.at(-1)).toBe('ja'))
  })
})

describe('customer-service panel', () => {
  const contacts: CustomerServiceDto[] = [
    { nickname: '客服小林', qrcodeUrl: '/media/cs/kobayashi.png', email: 'kobayashi@yoyaku.example' },
    { nickname: '客服阿明', qrcodeUrl: null, email: null },
  ]

  it('opens for a member, loads the contacts and closes back to its button', async () => {
    signIn({ role: 2 })
    let calls = 0
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/customer_service/list', () => {
        calls += 1
        return ok(contacts)
      }),
    )
    await renderApp()
    const button = await screen.findByRole('button', { name: '客服' })
    expect(calls).toBe(0)

    fireEvent.click(button)
    const panel = screen.getByRole('dialog', { name: '联系客服' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(await within(panel).findByText('客服小林')).toBeTruthy()
    expect(within(panel).getByRole('img', { name: '客服小林 的二维码' }).getAttribute('src')).toBe(
      '/media/cs/kobayashi.png',
    )
    expect(within(panel).getByRole('link', { name: 'kobayashi@yoyaku.example' }).getAttribute('href')).toBe(
      'mailto:kobayashi@yoyaku.example',
    )
    expect(within(panel).getByText('客服阿明')).toBeTruthy()
    expect(calls).toBe(1)

    fireEvent.keyDown(within(panel).getByRole('button', { name: '关闭' }), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('offers a retry when the contacts cannot load', async () => {
    signIn({ role: 1 })
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/customer_service/list', () =>
        HttpResponse.json({ code: 500, msg: 'Internal error', data: null }, { status: 500 }),
      ),
    )
    await renderApp()
    fireEvent.click(await screen.findByRole('button', { name: '客服' }))
    const panel = screen.getByRole('dialog', { name: '联系客服' })
    expect(await within(panel).findByText('客服联系方式加载失败。')).toBeTruthy()

    server.use(http.get('*/api/mall/customer_service/list', () => ok(contacts)))
    fireEvent.click(within(panel).getByRole('button', { name: '重试' }))
    expect(await within(panel).findByText('客服小林')).toBeTruthy()
  })

  it('is not there for other roles', async () => {
    signIn({ role: 3 })
    server.use(...startupHandlers)
    const { session } = await renderApp()
    await screen.findByRole('button', { name: /小樱/ })
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    expect(screen.queryByRole('button', { name: '客服' })).toBeNull()
  })
})

describe('phone header', () => {
  it('opens the menu drawer for a visitor with Login, Register and the category accordion', async () => {
    onPhone()
    serveCategories()
    const { router } = await renderApp()
    const menuButton = await screen.findByRole('button', { name: '菜单' })
    expect(screen.queryByRole('navigation', { name: '商品分类' })).toBeNull()
    menuButton.focus()
    fireEvent.click(menuButton)

    const drawer = await screen.findByRole('dialog', { name: '菜单' })
    expect(drawer.getAttribute('aria-modal')).toBe('true')
    expect(drawer.contains(document.activeElement)).toBe(true)
    expect(within(drawer).getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login')
    expect(within(drawer).getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/signup')

    const parent = within(drawer).getByRole('button', { name: '手办' })
    expect(parent.getAttribute('aria-expanded')).toBe('false')
    expect(within(drawer).queryByRole('link', { name: '比例手办' })).toBeNull()
    fireEvent.click(parent)
    expect(parent.getAttribute('aria-expanded')).toBe('true')
    const child = within(drawer).getByRole('link', { name: '比例手办' })
    expect(child.getAttribute('href')).toBe('/product-search/list?category=7')
    expect(within(drawer).getByRole('link', { name: '全部手办' }).getAttribute('href')).toBe(
      '/product-search/list?category=1',
    )
    expect(within(drawer).getByRole('link', { name: '徽章' }).getAttribute('href')).toBe(
      '/product-search/list?category=2',
    )

    // Tab stays inside
    const close = within(drawer).getByRole('button', { name: '关闭' })
    close.focus()
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(drawer.contains(document.activeElement)).toBe(true)
    expect(document.activeElement).not.toBe(close)

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(menuButton)

    // a tap on a category goes to its search and closes the drawer
    fireEvent.click(menuButton)
    const visited = recordNavigations(router.history)
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('link', { name: '徽章' }))
    expect(visited).toEqual(['/product-search/list?category=2'])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('gives a signed-in shopper the user card, the account links, the cart and favourites', async () => {
    onPhone()
    signIn()
    serveCategories()
    serveMember()
    const { session } = await renderApp()
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    act(() => session.send({ type: 'STARTUP_PATCHED', patch: { cartNumber: 3, extraPayCount: 2 } }))
    fireEvent.click(await screen.findByRole('button', { name: '菜单（2 项待处理）' }))

    const drawer = await screen.findByRole('dialog', { name: '菜单' })
    expect(within(drawer).getByText('小樱')).toBeTruthy()
    expect(await within(drawer).findByRole('button', { name: 'VIP 2' })).toBeTruthy()
    expect(within(drawer).getByRole('link', { name: '积分：2,500' }).getAttribute('href')).toBe('/score')
    const account = within(drawer).getByRole('navigation', { name: '我的账户' })
    const links = within(account).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/userinfo',
      '/order-list/list',
      '/packaging',
      '/apply-packaging',
      '/package',
      '/address-manage',
      '/extra',
      '/product-history/list',
      '/change-password',
      '/cart',
      '/collect/list',
    ])
    expect(within(account).getByRole('link', { name: '购物车（3 件商品）' })).toBeTruthy()
    expect(within(account).getByRole('link', { name: '额外费用（2 项待处理）' })).toBeTruthy()
    expect(within(account).getByRole('button', { name: '退出登录' })).toBeTruthy()
    expect(within(drawer).queryByRole('link', { name: '登录' })).toBeNull()
  })

  it('counts the balances due in the menu button and on the orders link, with the extra fees', async () => {
    onPhone()
    signIn()
    serveCategories()
    serveMember()
    server.use(http.get('*/api/mall/order/finalCount', () => ok({ count: 3, overCount: 1 })))
    const { session } = await renderApp()
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    act(() => session.send({ type: 'STARTUP_PATCHED', patch: { extraPayCount: 2 } }))

    fireEvent.click(await screen.findByRole('button', { name: '菜单（5 项待处理）' }))
    const account = within(await screen.findByRole('dialog', { name: '菜单' })).getByRole('navigation', {
      name: '我的账户',
    })
    expect(within(account).getByRole('link', { name: '我的订单（3 笔尾款待付）' }).getAttribute('href')).toBe(
      '/order-list/list',
    )
    expect(within(account).getByRole('link', { name: '额外费用（2 项待处理）' })).toBeTruthy()
  })

  it('opens the rules article on a long press of the tier label, closing the drawer', async () => {
    onPhone()
    signIn()
    serveMember()
    const { router } = await renderApp()
    fireEvent.click(await screen.findByRole('button', { name: '菜单' }))
    const tier = await within(await screen.findByRole('dialog')).findByRole('button', { name: 'VIP 2' })
    const touch = { button: 0, pointerType: 'touch' }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      fireEvent.pointerDown(tier, touch)
      act(() => vi.advanceTimersByTime(500))
      fireEvent.pointerUp(tier, touch)
    } finally {
      vi.useRealTimers()
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/article/180'))
    expect(router.state.location.search).toEqual({ type: 2 })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '菜单' })).toBeNull())
  })

  it('searches from the search drawer by name, category and type', async () => {
    onPhone()
    serveCategories()
    const { router } = await renderApp()
    const header = await screen.findByRole('banner')
    fireEvent.click(within(header).getByRole('button', { name: '搜索' }))
    const drawer = await screen.findByRole('dialog', { name: '搜索商品' })
    const box = within(drawer).getByRole('searchbox', { name: '商品名称、货号或 JAN 码' })
    expect(document.activeElement).toBe(box)

    fireEvent.change(box, { target: { value: '4580' } })
    fireEvent.change(within(drawer).getByRole('combobox', { name: '商品分类' }), { target: { value: '8' } })
    fireEvent.change(within(drawer).getByRole('combobox', { name: '商品类型' }), { target: { value: '9' } })
    const visited = recordNavigations(router.history)
    fireEvent.click(within(drawer).getByRole('button', { name: '搜索' }))
    expect(visited).toEqual(['/product-search/list?name=4580&category=8&type=9'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('has no type select in the search drawer in Japanese', async () => {
    onPhone()
    localStorage.setItem('localeLang', 'ja')
    serveCategories()
    await renderApp()
    const header = await screen.findByRole('banner')
    fireEvent.click(within(header).getByRole('button', { name: /搜索|検索/ }))
    const drawer = await screen.findByRole('dialog')
    // the category select only
    const selects = within(drawer).getAllByRole('combobox')
    expect(selects).toHaveLength(1)
    expect(selects[0]?.querySelector('option[value="1"]')).toBeNull()
    expect(within(selects[0] as HTMLElement).getByRole('option', { name: 'スケールフィギュア' })).toBeTruthy()
  })
})

describe('the open page and the session', () => {
  it('loads the page again without the token after logging out', async () => {
    signIn()
    const tokens: (string | null)[] = []
    server.use(
      ...startupHandlers,
      http.post('*/api/mall/user/exit', () => ok(null)),
      http.get('*/api/mall/product/hotList', ({ request }) => {
        tokens.push(request.headers.get('token'))
        return ok([])
      }),
    )
    await renderApp()
    fireEvent.click(await screen.findByRole('button', { name: /小樱/ }))
    await waitFor(() => expect(tokens.length).toBeGreaterThan(0))
    expect(tokens.every((token) => token !== null)).toBe(true)
    const before = tokens.length
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }))
    await screen.findByRole('link', { name: '登录' })
    await waitFor(() => expect(tokens.length).toBeGreaterThan(before))
    expect(tokens.slice(before).every((token) => token === null)).toBe(true)
  })
})
