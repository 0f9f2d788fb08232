import { fireEvent, screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CategoryNode, ProductCardDto } from '../../src/domain/catalog.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'

const noPrices = {
  cnAlonePrice: null,
  cnBatchPrice: null,
  jpAlonePrice: null,
  jpBatchPrice: null,
  enAlonePrice: null,
  enBatchPrice: null,
}

const hotList: ProductCardDto[] = [
  {
    id: 11,
    type: 1,
    productName: '星之旅团 艾琳 1/7 手办',
    jpProductName: '星の旅団 エリン 1/7 フィギュア',
    enProductName: 'Star Brigade Erin 1/7 Figure',
    imgList: ['/media/demo/product-01.svg'],
    sellTimeStr: '2027-03-01',
    // 15:00 UTC is midnight in Tokyo: the shop's calendar day is the 1st.
    preSellEndTime: '2026-11-30T15:00:00.000Z',
    ...noPrices,
    isDiscount: false,
    isFront: true,
    boxIn: 1,
  },
  {
    id: 12,
    type: 2,
    productName: '月光学园 盲盒',
    jpProductName: null,
    enProductName: 'Moonlight Academy Blind Box',
    imgList: [],
    sellTimeStr: null,
    preSellEndTime: null,
    ...noPrices,
    isDiscount: false,
    isFront: false,
    boxIn: 12,
  },
]

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

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

function serveCatalog(products: ProductCardDto[] = hotList) {
  const languages: (string | null)[] = []
  server.use(
    http.get('*/api/mall/category/list', () => ok(categories)),
    http.get('*/api/mall/product/hotList', ({ request }) => {
      languages.push(new URL(request.url).searchParams.get('language'))
      return ok(products)
    }),
  )
  return languages
}

describe('home page', () => {
  it('shows the hot list as product cards in Chinese by default, with no prices for a visitor', async () => {
    const languages = serveCatalog()
    await renderApp()

    const section = (await screen.findByRole('heading', { name: '热门商品' })).closest(
      'section',
    ) as HTMLElement
    const cards = within(section).getAllByRole('article')
    expect(cards).toHaveLength(2)

    const first = within(cards[0] as HTMLElement)
    expect(first.getByRole('link', { name: '星之旅团 艾琳 1/7 手办' }).getAttribute('href')).toBe(
      '/product/11',
    )
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/media/demo/product-01.svg')
    expect(first.getByText('预订')).toBeTruthy()
    const dateFor = (card: typeof first, label: string) =>
      card.getByText(label).nextElementSibling?.textContent
    expect(dateFor(first, '发售')).toBe('2027-03-01')
    expect(dateFor(first, '截单')).toBe('2026-12-01')
    expect(first.getByText('登录后查看价格')).toBeTruthy()
    expect(first.getByText('每箱 1 个')).toBeTruthy()

    const second = within(cards[1] as HTMLElement)
    expect(second.getByText('现货')).toBeTruthy()
    expect(cards[1]?.querySelector('img')).toBeNull()
    expect(dateFor(second, '发售')).toBe('-')
    expect(dateFor(second, '截单')).toBe('-')
    expect(languages).toEqual(['zhCn'])
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it('shows the category navigation with submenus linking to the search page', async () => {
    serveCatalog()
    await renderApp()
    const nav = await screen.findByRole('navigation', { name: '商品分类' })
    expect(within(nav).getByRole('link', { name: '全部' }).getAttribute('href')).toBe(
      '/product-search/list?category=0',
    )
    expect(within(nav).getByRole('link', { name: '手办' }).getAttribute('href')).toBe(
      '/product-search/list?category=1',
    )
    expect(within(nav).getByRole('link', { name: '比例手办' }).getAttribute('href')).toBe(
      '/product-search/list?category=7',
    )
  })

  it('switches to Japanese and English, reloads the list in that language and remembers the choice', async () => {
    const languages = serveCatalog()
    await renderApp()
    await screen.findByRole('heading', { name: '热门商品' })

    fireEvent.change(screen.getByRole('combobox', { name: '语言' }), { target: { value: 'ja' } })
    expect(await screen.findByRole('heading', { name: '人気商品' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '星の旅団 エリン 1/7 フィギュア' })).toBeTruthy()
    // no Japanese name: the Chinese one stands in
    expect(screen.getByRole('link', { name: '月光学园 盲盒' })).toBeTruthy()
    expect(screen.getAllByText('ログインして価格を表示')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'フィギュア' })).toBeTruthy()
    expect(localStorage.getItem('localeLang')).toBe('ja')
    expect(document.documentElement.lang).toBe('ja')

    fireEvent.change(screen.getByRole('combobox', { name: '言語' }), { target: { value: 'en' } })
    expect(await screen.findByRole('heading', { name: 'Hot products' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Moonlight Academy Blind Box' })).toBeTruthy()
    expect(screen.getByText('12 per box')).toBeTruthy()
    expect(screen.getByText('In stock')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Scale figures' })).toBeTruthy()
    expect(localStorage.getItem('localeLang')).toBe('en')
    expect(languages).toEqual(['zhCn', 'ja', 'en'])
  })

  it('starts in the language kept in localStorage', async () => {
    localStorage.setItem('localeLang', 'en')
    const languages = serveCatalog()
    await renderApp()
    expect(await screen.findByRole('heading', { name: 'Hot products' })).toBeTruthy()
    expect(languages).toEqual(['en'])
  })

  it('says what went wrong when the list cannot load, and recovers on retry', async () => {
    server.use(
      http.get('*/api/mall/category/list', () => ok(categories)),
      http.get('*/api/mall/product/hotList', () =>
        HttpResponse.json({ code: 500, msg: 'Internal error', data: null }, { status: 500 }),
      ),
    )
    await renderApp()
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByText('商品加载失败')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '热门商品' })).toBeNull()

    serveCatalog()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('heading', { name: '热门商品' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('hides an empty hot list and says so', async () => {
    serveCatalog([])
    await renderApp()
    expect(await screen.findByText('暂时没有热门商品')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '热门商品' })).toBeNull()
  })
})
