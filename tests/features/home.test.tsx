import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AnnouncementDto, CategoryNode, ProductCardDto, SeriesDto } from '../../src/domain/catalog.ts'
import { logIn } from '../../src/features/account/api/log-in.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { claimsOf, recordNavigations, signIn, startupHandlers, tokenFor } from './support/signed-in.ts'

beforeEach(() => sessionStorage.clear())

const erin: ProductCardDto = {
  id: 11,
  type: 1,
  productName: '星之旅团 艾琳 1/7 手办',
  jpProductName: '星の旅団 エリン 1/7 フィギュア',
  enProductName: 'Star Brigade Erin 1/7 Figure',
  imgList: ['/media/demo/product-01.svg'],
  sellTimeStr: '2027-03-01',
  // 15:00 UTC is midnight in Tokyo: the shop's calendar day is the 1st.
  preSellEndTime: '2026-11-30T15:00:00.000Z',
  isDiscount: false,
  isFront: true,
  boxIn: 1,
  orderBase: 1,
}

const blindBox: ProductCardDto = {
  id: 12,
  type: 2,
  productName: '月光学园 盲盒',
  jpProductName: null,
  enProductName: 'Moonlight Academy Blind Box',
  imgList: [],
  sellTimeStr: null,
  preSellEndTime: null,
  isDiscount: false,
  isFront: false,
  boxIn: 12,
  orderBase: 12,
}

const product = (id: number, name: string): ProductCardDto => ({
  ...blindBox,
  id,
  productName: name,
  enProductName: null,
})

const categories: CategoryNode[] = [
  {
    id: 1,
    name: '手办',
    jpName: 'フィギュア',
    enName: 'Figures',
    children: [
      { id: 7, name: '比例手办', jpName: 'スケールフィギュア', enName: 'Scale figures', children: [] },
    ],
  },
]

const series: SeriesDto[] = [
  { id: 3, seriesName: '星之旅团', jpSeriesName: '星の旅団', enSeriesName: 'Star Brigade', productCount: 4 },
  { id: 4, seriesName: '月光学园', jpSeriesName: null, enSeriesName: null, productCount: 2 },
]

const announcements: AnnouncementDto[] = [
  {
    id: 1,
    name: '春节发货安排',
    content: '<p>2 月 8 日至 2 月 17 日<strong>暂停发货</strong>。</p>',
    publishedAt: '2027-01-20T00:00:00.000Z',
  },
  { id: 2, name: '新会员等级上线', content: null, publishedAt: '2027-01-10T00:00:00.000Z' },
]

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })
const failure = () => HttpResponse.json({ code: 500, msg: 'Internal error', data: null }, { status: 500 })

const HOME_CALLS = {
  banner: '/mall/banner/list',
  announcement: '/mall/announcement/list',
  hotSeries: '/mall/product/hotSeriesList',
  recommend: '/mall/product/recommendList',
  hot: '/mall/product/hotList',
  new: '/mall/product/newList',
  discount: '/mall/product/discountList',
} as const
type HomeCall = keyof typeof HOME_CALLS

interface ShopContent {
  recommend?: ProductCardDto[]
  hot?: ProductCardDto[]
  new?: ProductCardDto[]
  discount?: ProductCardDto[]
  hotSeries?: SeriesDto[]
  announcement?: AnnouncementDto[]
  banner?: unknown[]
}

/** Serves the category tree and the seven home calls; returns the language and token each call came with. */
function serveHome(content: ShopContent = { hot: [erin, blindBox] }) {
  const heard: { call: HomeCall; language: string | null; token: string | null }[] = []
  server.use(
    http.get('*/api/mall/category/list', () => ok(categories)),
    ...(Object.keys(HOME_CALLS) as HomeCall[]).map((call) =>
      http.get(`*/api${HOME_CALLS[call]}`, ({ request }) => {
        heard.push({
          call,
          language: new URL(request.url).searchParams.get('language'),
          token: request.headers.get('token'),
        })
        return ok(content[call] ?? [])
      }),
    ),
  )
  return heard
}

const sectionTitled = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('section') as HTMLElement

describe('home page', () => {
  it('shows a product list as cards in Chinese by default, with no prices for a visitor', async () => {
    serveHome()
    await renderApp()

    const section = await sectionTitled('热门商品')
    const cards = within(section).getAllByRole('article')
    expect(cards).toHaveLength(2)

    const first = within(cards[0] as HTMLElement)
    expect(first.getByRole('link', { name: '星之旅团 艾琳 1/7 手办' }).getAttribute('href')).toBe(
      '/product/11',
    )
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/media/demo/product-01.svg')
    expect(first.getByText('预订')).toBeTruthy()
    expect(first.getByText('登录后查看价格')).toBeTruthy()

    const second = within(cards[1] as HTMLElement)
    expect(second.getByText('现货')).toBeTruthy()
    expect(cards[1]?.querySelector('img')).toBeNull()
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it('makes the seven home calls in the language, and shows only the non-empty lists, in order', async () => {
    const heard = serveHome({
      recommend: [product(21, '推荐一号')],
      hot: [product(22, '热门一号')],
      new: [],
      discount: [product(24, '折扣一号')],
    })
    await renderApp()
    await sectionTitled('推荐商品')

    expect(heard.map((entry) => entry.call).sort()).toEqual(Object.keys(HOME_CALLS).sort())
    expect(heard.every((entry) => entry.language === 'zhCn')).toBe(true)

    const main = screen.getByRole('main')
    const titles = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
    expect(titles).toEqual(['推荐商品', '热门商品', '折扣商品'])
    expect(screen.queryByRole('heading', { name: '新品上架' })).toBeNull()

    const titleLink = (title: string) =>
      within(screen.getByRole('heading', { name: title }))
        .getByRole('link')
        .getAttribute('href')
    expect(titleLink('推荐商品')).toBe('/product-recommend/list')
    expect(titleLink('热门商品')).toBe('/product-hot/list')
    expect(titleLink('折扣商品')).toBe('/product-discount/list')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the new list under its title, linking to the new products', async () => {
    serveHome({ new: [product(23, '新品一号')] })
    await renderApp()
    const section = await sectionTitled('新品上架')
    expect(within(section).getByRole('link', { name: '新品上架' }).getAttribute('href')).toBe(
      '/product-new/list',
    )
    expect(within(section).getByRole('link', { name: '新品一号' })).toBeTruthy()
  })

  it('shows the category navigation with submenus linking to the search page', async () => {
    serveHome()
    await renderApp()
    const nav = await screen.findByRole('navigation', { name: '商品分类' })
    expect(within(nav).getByRole('link', { name: '全部' }).getAttribute('href')).toBe('/product-search/list')
    expect(within(nav).getByRole('link', { name: '手办' }).getAttribute('href')).toBe(
      '/product-search/list?category=1',
    )
    expect(within(nav).getByRole('link', { name: '比例手办' }).getAttribute('href')).toBe(
      '/product-search/list?category=7',
    )
  })

  it('switches to Japanese and English, reloads all seven lists in that language and remembers the choice', async () => {
    const heard = serveHome({ hot: [erin, blindBox], hotSeries: series })
    await renderApp()
    await sectionTitled('热门商品')
    expect(screen.getByRole('link', { name: '月光学园' })).toBeTruthy()

    fireEvent.change(screen.getByRole('combobox', { name: '语言' }), { target: { value: 'ja' } })
    expect(await screen.findByRole('heading', { name: '人気商品' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '星の旅団 エリン 1/7 フィギュア' })).toBeTruthy()
    // no Japanese name: the Chinese one stands in
    expect(screen.getByRole('link', { name: '月光学园 盲盒' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'フィギュア' })).toBeTruthy()
    expect(localStorage.getItem('localeLang')).toBe('ja')
    expect(document.documentElement.lang).toBe('ja')

    fireEvent.change(screen.getByRole('combobox', { name: '言語' }), { target: { value: 'en' } })
    expect(await screen.findByRole('heading', { name: 'Hot products' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Moonlight Academy Blind Box' })).toBeTruthy()
    expect(screen.getByText('12 per box')).toBeTruthy()
    expect(localStorage.getItem('localeLang')).toBe('en')

    const languagesOf = (call: HomeCall) =>
      heard.filter((entry) => entry.call === call).map((e) => e.language)
    for (const call of Object.keys(HOME_CALLS) as HomeCall[]) {
      expect(languagesOf(call)).toEqual(['zhCn', 'ja', 'en'])
    }
  })

  it('starts in the language kept in localStorage', async () => {
    localStorage.setItem('localeLang', 'en')
    const heard = serveHome()
    await renderApp()
    expect(await screen.findByRole('heading', { name: 'Hot products' })).toBeTruthy()
    expect(new Set(heard.map((entry) => entry.language))).toEqual(new Set(['en']))
  })

  it('leaves out a list that failed, without a word, when the others load', async () => {
    serveHome({ recommend: [product(21, '推荐一号')] })
    server.use(http.get('*/api/mall/product/hotList', failure))
    await renderApp()
    await sectionTitled('推荐商品')
    expect(screen.queryByRole('heading', { name: '热门商品' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says what went wrong when no product list can load, and recovers on retry', async () => {
    serveHome()
    server.use(
      http.get('*/api/mall/product/recommendList', failure),
      http.get('*/api/mall/product/hotList', failure),
      http.get('*/api/mall/product/newList', failure),
      http.get('*/api/mall/product/discountList', failure),
    )
    await renderApp()
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByText('商品加载失败')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '热门商品' })).toBeNull()

    serveHome()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('heading', { name: '热门商品' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says so when the shop has no products at all', async () => {
    serveHome({})
    await renderApp()
    expect(await screen.findByText('暂时没有上架的商品')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '热门商品' })).toBeNull()
  })

  it('searches by item number, JAN code or keywords on Enter', async () => {
    serveHome()
    const { router } = await renderApp()
    await sectionTitled('热门商品')
    server.use(
      http.get('*/api/mall/product/search', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })),
    )
    const visited = recordNavigations(router.history)
    const box = screen.getByRole('searchbox', { name: '按货号、JAN 码或关键词搜索' })
    fireEvent.change(box, { target: { value: ' 4580 ' } })
    // Enter in a one-field form submits it
    fireEvent.submit(box.closest('form') as HTMLFormElement)
    expect(visited[0]).toBe('/product-search/list?name=4580')
  })

  it('links the two hint lines to the search and to the hot series', async () => {
    serveHome()
    await renderApp()
    await sectionTitled('热门商品')
    expect(screen.getByRole('link', { name: /找不到想要的作品/ }).getAttribute('href')).toBe(
      '/product-search/list',
    )
    expect(screen.getByRole('link', { name: /热门 IP 一览/ }).getAttribute('href')).toBe(
      '/product-hot-series?page=1',
    )
  })
})

describe('home announcements', () => {
  it('opens an entry with content in a dialog titled with its name, and closes it', async () => {
    serveHome({ hot: [erin], announcement: announcements })
    await renderApp()
    const board = await sectionTitled('公告')
    // an entry without content is only its name
    expect(within(board).getByText('新会员等级上线').closest('button')).toBeNull()

    const entry = within(board).getByRole('button', { name: '春节发货安排' })
    entry.focus()
    fireEvent.click(entry)
    const dialog = screen.getByRole('dialog', { name: '春节发货安排' })
    expect(within(dialog).getByText('暂停发货').tagName).toBe('STRONG')

    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(entry)

    fireEvent.click(entry)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes the whole area for the rest of the visit', async () => {
    serveHome({ hot: [erin], announcement: announcements })
    const first = await renderApp()
    await sectionTitled('公告')
    fireEvent.click(screen.getByRole('button', { name: '关闭公告' }))
    expect(screen.queryByRole('heading', { name: '公告' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: '按货号、JAN 码或关键词搜索' }))
    first.unmount()

    await renderApp()
    await sectionTitled('热门商品')
    expect(screen.queryByRole('heading', { name: '公告' })).toBeNull()
  })
})

describe('home rate hint', () => {
  it('asks a visitor to log in, coming back home', async () => {
    serveHome()
    await renderApp()
    const link = await screen.findByRole('link', { name: '登陆后查看' })
    expect(link.getAttribute('href')).toBe('/login?redirectUrl=%2F')
    expect(screen.queryByRole('button', { name: '查看当前汇率' })).toBeNull()
  })

  it('shows a signed-in shopper the rate of their charge settings on hover and focus', async () => {
    signIn()
    serveHome()
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/charge/details', () =>
        ok({ discount: 0.95, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.01, rate: 0.0482 }),
      ),
    )
    await renderApp()
    const trigger = await screen.findByRole('button', { name: '查看当前汇率' })
    expect(screen.queryByRole('link', { name: '登陆后查看' })).toBeNull()

    fireEvent.mouseEnter(trigger)
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('1 日元 = 0.0482 人民币'))
    expect(trigger.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id)
    fireEvent.keyDown(trigger, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).toBeNull()
    fireEvent.focus(trigger)
    expect(screen.getByRole('tooltip')).toBeTruthy()
  })

  it('says when the shop has no rate set', async () => {
    signIn()
    serveHome()
    server.use(...startupHandlers)
    await renderApp()
    const trigger = await screen.findByRole('button', { name: '查看当前汇率' })
    fireEvent.focus(trigger)
    expect(screen.getByRole('tooltip').textContent).toBe('商店暂未设置汇率')
  })

  it('is shown in Chinese only', async () => {
    localStorage.setItem('localeLang', 'ja')
    serveHome()
    await renderApp()
    await screen.findByRole('heading', { name: '人気商品' })
    expect(screen.queryByRole('link', { name: '登陆后查看' })).toBeNull()
    expect(screen.queryByText('人民币汇率：')).toBeNull()
  })
})

/** A product with a cover (the shared `product` has none). */
const covered = (id: number, name: string): ProductCardDto => ({
  ...product(id, name),
  imgList: [`/media/demo/product-${id}.svg`],
})

/** Each card's cover in a section: how it loads and at what priority. */
const coverLoads = (section: HTMLElement) =>
  within(section)
    .getAllByRole('article')
    .map((card) => {
      const cover = card.querySelector('img') as HTMLImageElement
      return [cover.getAttribute('loading'), cover.getAttribute('fetchpriority')]
    })

describe('home images', () => {
  it('fetches the first banner alone at high priority and leaves every card lazy', async () => {
    serveHome({
      banner: [
        { id: 1, name: '冬季预订会', imgUrl: '/media/banners/winter.jpg', jumpUrl: null },
        { id: 2, name: '新品速递', imgUrl: '/media/banners/new.jpg', jumpUrl: null },
      ],
      recommend: [covered(21, '推荐一号'), covered(22, '推荐二号')],
      hot: [covered(31, '热门一号')],
    })
    await renderApp()
    await sectionTitled('推荐商品')

    const urgent = document.querySelectorAll('img[fetchpriority="high"]')
    expect(urgent).toHaveLength(1)
    expect(urgent[0]?.getAttribute('alt')).toBe('冬季预订会')
    expect(coverLoads(await sectionTitled('推荐商品'))).toEqual([
      ['lazy', null],
      ['lazy', null],
    ])
    expect(coverLoads(await sectionTitled('热门商品'))).toEqual([['lazy', null]])
  })

  it('without banners fetches the first card of the first list shown first, the rest of its first screen at once', async () => {
    serveHome({
      recommend: [],
      hot: Array.from({ length: 6 }, (_, index) => covered(31 + index, `热门 ${index}`)),
      new: [covered(41, '新品一号')],
    })
    await renderApp()
    const hot = await sectionTitled('热门商品')
    await within(hot).findByRole('link', { name: '热门 5' })

    expect(document.querySelectorAll('img[fetchpriority="high"]')).toHaveLength(1)
    expect(coverLoads(hot)).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ])
    expect(coverLoads(await sectionTitled('新品上架'))).toEqual([['lazy', null]])
  })
})

describe('home hot series', () => {
  it('names each series in the language and leads to its products, with links to more', async () => {
    serveHome({ hot: [erin], hotSeries: series })
    await renderApp()
    const section = await sectionTitled('热门系列')
    expect(within(section).getByRole('link', { name: '星之旅团' }).getAttribute('href')).toBe(
      '/product-search/list?series=3',
    )
    expect(within(section).getByRole('link', { name: '月光学园' }).getAttribute('href')).toBe(
      '/product-search/list?series=4',
    )
    expect(within(section).getByRole('link', { name: '更多热门系列' }).getAttribute('href')).toBe(
      '/product-hot-series?page=1',
    )
    expect(within(section).getByRole('link', { name: '全部系列' }).getAttribute('href')).toBe(
      '/product-all-series',
    )
  })

  it('hides an English entry without an English name', async () => {
    localStorage.setItem('localeLang', 'en')
    serveHome({ hot: [erin], hotSeries: series })
    await renderApp()
    await screen.findByRole('heading', { name: 'Hot products' })
    expect(screen.getByRole('link', { name: 'Star Brigade' }).getAttribute('href')).toBe(
      '/product-search/list?series=3',
    )
    expect(screen.queryByRole('link', { name: '月光学园' })).toBeNull()
  })

  it('in Japanese falls back to the Chinese name', async () => {
    localStorage.setItem('localeLang', 'ja')
    serveHome({ hot: [erin], hotSeries: series })
    await renderApp()
    await screen.findByRole('heading', { name: '人気商品' })
    expect(screen.getByRole('link', { name: '星の旅団' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '月光学园' })).toBeTruthy()
  })
})

describe('home and the session', () => {
  it('loads the lists again, with the token, once a visitor logs in', async () => {
    const heard = serveHome()
    const token = tokenFor(claimsOf())
    server.use(
      ...startupHandlers,
      http.post('*/api/mall/user/login', () =>
        HttpResponse.json({ code: 200, msg: 'success', data: { redirectUrl: null } }, { headers: { token } }),
      ),
    )
    await renderApp()
    await sectionTitled('热门商品')
    const hotTokens = () => heard.filter((entry) => entry.call === 'hot').map((entry) => entry.token)
    expect(new Set(hotTokens())).toEqual(new Set([null]))
    const before = hotTokens().length

    await act(() => logIn({ username: 'sakura@example.com', password: 'Passw0rd!' }))
    await waitFor(() => expect(hotTokens().slice(before)).toEqual([token]))
  })
})
