import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CategoryNode } from '../../src/domain/catalog.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import {
  FIGURE_SERIES,
  failed,
  historyEntry,
  ok,
  pageOf,
  productCard,
  productCards,
  productDetail,
  servePagedList,
} from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  dismissAllToasts()
  vi.restoreAllMocks()
})

const CATEGORIES: CategoryNode[] = [
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

/** 65 hot products, 30 a page: ids 1–30, 31–60, 61–65. */
function serveHotPages() {
  return servePagedList('product/hotListPage', (query) => {
    const pageNum = Number(query.pageNum)
    const from = (pageNum - 1) * 30 + 1
    return pageOf(productCards(from, Math.max(0, Math.min(30, 65 - from + 1))), 65, pageNum)
  })
}

const cardNames = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))

describe('product list pages', () => {
  it('pages through a list with the page links, keeping the page number in the address', async () => {
    const heard = serveHotPages()
    const { router } = await renderApp('/product-hot/list')

    expect(await screen.findByRole('heading', { level: 1, name: '热门商品' })).toBeTruthy()
    expect(screen.getByText('共 65 件商品')).toBeTruthy()
    expect(cardNames()).toHaveLength(30)
    const pages = screen.getByRole('navigation', { name: '分页' })
    expect(within(pages).getByRole('link', { name: '第 1 页' }).getAttribute('aria-current')).toBe('page')
    expect(within(pages).queryByRole('link', { name: '上一页' })).toBeNull()

    fireEvent.click(within(pages).getByRole('link', { name: '下一页' }))
    expect(await screen.findByRole('link', { name: '商品 31' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ pageNum: 2 })
    expect(screen.queryByRole('link', { name: '商品 1' })).toBeNull()
    const second = screen.getByRole('navigation', { name: '分页' })
    expect(within(second).getByRole('link', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page')

    fireEvent.click(within(second).getByRole('link', { name: '第 3 页' }))
    expect(await screen.findByRole('link', { name: '商品 65' })).toBeTruthy()
    expect(cardNames()).toHaveLength(5)
    expect(
      within(screen.getByRole('navigation', { name: '分页' })).queryByRole('link', { name: '下一页' }),
    ).toBeNull()
    expect(heard.map((query) => [query.pageNum, query.pageSize, query.language])).toEqual([
      ['1', '30', 'zhCn'],
      ['2', '30', 'zhCn'],
      ['3', '30', 'zhCn'],
    ])
  })

  it('reads a bad page number as the first page', async () => {
    const heard = serveHotPages()
    const { router } = await renderApp('/product-hot/list?pageNum=abc')
    expect(await screen.findByRole('link', { name: '商品 1' })).toBeTruthy()
    expect(heard[0]?.pageNum).toBe('1')
    expect(router.state.location.search).toEqual({ pageNum: 1 })
  })

  it('offers the first page when the page asked for is past the end', async () => {
    serveHotPages()
    await renderApp('/product-hot/list?pageNum=9')
    expect(await screen.findByText('这一页没有商品')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: '回到第 1 页' }))
    expect(await screen.findByRole('link', { name: '商品 1' })).toBeTruthy()
  })

  it('opens each list from its bare address', async () => {
    servePagedList('product/newListPage', () => pageOf([productCard(3)]))
    const { router } = await renderApp('/product-new')
    expect(await screen.findByRole('heading', { level: 1, name: '新品上架' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/product-new/list')
    expect(screen.getByRole('link', { name: '商品 3' }).getAttribute('href')).toBe('/product-new/product/3')
  })

  it('says when a list has nothing yet', async () => {
    servePagedList('product/discountListPage', () => pageOf([]))
    await renderApp('/product-discount/list')
    expect(await screen.findByText('这里还没有商品')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull()
  })

  it('says a list could not load and loads it on retry', async () => {
    let fail = true
    servePagedList('product/recommendListPage', () =>
      fail ? failed(500, 'Internal error') : pageOf([productCard(8)]),
    )
    await renderApp('/product-recommend/list')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('网络错误或商品不可用')).toBeTruthy()
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('link', { name: '商品 8' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('comes back from a product to the same page at once, without asking again, and restores the scroll', async () => {
    const heard = serveHotPages()
    server.use(
      http.get('*/api/mall/product/details/:id', () => ok(productDetail(40, { productName: '商品 40' }))),
    )
    const { router } = await renderApp('/product-hot/list?pageNum=2')
    const link = await screen.findByRole('link', { name: '商品 40' })

    // The shopper scrolled down to the 10th card of the page.
    const scrolledTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1840 })
    fireEvent.scroll(document)
    fireEvent.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: '商品 40' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/product-hot/product/40')
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 })
    scrolledTo.mockClear()

    act(() => router.history.back())
    // shown from the router's cache: the card is there before any new answer could arrive
    await waitFor(() => expect(screen.getByRole('link', { name: '商品 40' })).toBeTruthy())
    expect(router.state.location.search).toEqual({ pageNum: 2 })
    await waitFor(() =>
      expect(scrolledTo).toHaveBeenCalledWith(expect.objectContaining({ top: 1840, left: 0 })),
    )
    expect(heard).toHaveLength(1)
  })
})

describe('product search', () => {
  function serveSearch(answer: () => ReturnType<typeof pageOf> | Response = () => pageOf([productCard(11)])) {
    server.use(
      http.get('*/api/mall/category/list', () => ok(CATEGORIES)),
      http.get('*/api/mall/product/allSeries', () => ok([FIGURE_SERIES])),
    )
    return servePagedList('product/search', answer)
  }

  it('says "more than" when more products match than the search ranks', async () => {
    serveSearch(() => ({ ...pageOf(productCards(1, 30), 300), more: true }))
    await renderApp('/product-search/list?name=手办')
    expect(await screen.findByText('超过 300 件商品')).toBeTruthy()
    expect(screen.queryByText('共 300 件商品')).toBeNull()
  })

  it('shows the filters in force and the result count, and sends them as the query', async () => {
    const heard = serveSearch()
    await renderApp('/product-search/list?name=艾琳&category=7&type=1&series=5')

    expect(await screen.findByText('共 1 件商品')).toBeTruthy()
    const active = screen.getByRole('list', { name: '当前条件：' })
    const chips = within(active)
      .getAllByRole('listitem')
      .map((chip) => chip.textContent?.replace('×', ''))
    expect(chips).toEqual(['关键词：艾琳', '分类：比例手办', '类型：预订', '系列：星之旅团'])
    expect(heard[0]?.params).toMatchObject({
      keywords: '艾琳',
      category: '7',
      type: '1',
      series: '5',
      pageNum: '1',
      pageSize: '30',
      language: 'zhCn',
    })
    expect(screen.getByRole('link', { name: '商品 11' }).getAttribute('href')).toBe(
      '/product-search/product/11',
    )
  })

  it('refines by type and category from the selects, starting again at page 1', async () => {
    const heard = serveSearch(() => pageOf(productCards(1, 30), 90, 2))
    const { router } = await renderApp('/product-search/list?pageNum=2')
    await screen.findByText('共 90 件商品')

    const main = within(screen.getByRole('main'))
    fireEvent.change(main.getByRole('combobox', { name: '商品类型' }), { target: { value: '2' } })
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 2, pageNum: 1 }))
    fireEvent.change(main.getByRole('combobox', { name: '分类' }), { target: { value: '1' } })
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ type: 2, category: 1, pageNum: 1 }),
    )
    await waitFor(() => expect(heard).toHaveLength(3))
    expect(heard[2]?.params).toMatchObject({ type: '2', category: '1', pageNum: '1' })
    expect(heard[2]?.params.keywords).toBeUndefined()
  })

  it('lists everything for an empty query, and reads bad filters as "all"', async () => {
    const heard = serveSearch()
    await renderApp('/product-search/list?type=99&category=abc&pageNum=-3&series=x')
    expect(await screen.findByText('共 1 件商品')).toBeTruthy()
    expect(heard[0]?.params).toEqual({
      pageNum: '1',
      pageSize: '30',
      language: 'zhCn',
      category: '0',
      type: '0',
    })
    expect(screen.queryByRole('list', { name: '当前条件：' })).toBeNull()
  })

  it('searches a JAN code as text', async () => {
    const heard = serveSearch()
    await renderApp('/product-search/list?name=4580590123456')
    await screen.findByText('共 1 件商品')
    expect(heard[0]?.params.keywords).toBe('4580590123456')
  })

  it('suggests other words when nothing matches', async () => {
    serveSearch(() => pageOf([]))
    await renderApp('/product-search/list?name=不存在的商品')
    expect(await screen.findByText('没有找到相关商品')).toBeTruthy()
    expect(screen.getByText('试试输入商品编号或 JAN 码，或减少关键词。')).toBeTruthy()
  })

  it('explains a search the server refuses instead of failing the page', async () => {
    serveSearch(() =>
      HttpResponse.json(
        { code: 400, msg: 'keywords: must be at most 100 characters', data: null },
        { status: 400 },
      ),
    )
    await renderApp(`/product-search/list?name=${'长'.repeat(120)}`)
    expect(await screen.findByText('搜索条件无效')).toBeTruthy()
    expect(screen.getByText('搜索词：最多 100 个字符')).toBeTruthy()
    expect(screen.getByRole('link', { name: '清除条件，重新搜索' }).getAttribute('href')).toBe(
      '/product-search/list',
    )
  })
})

describe('browsing history', () => {
  function serveHistory(
    entries = [historyEntry(11, '2026-12-01T00:30:00.000Z'), historyEntry(12, '2026-11-20T10:05:00.000Z')],
  ) {
    signIn({ role: 2 })
    const removed: (string | null)[] = []
    let list = entries
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
      http.delete('*/api/mall/history/removeOrClear', ({ request }) => {
        const productId = new URL(request.url).searchParams.get('productId')
        removed.push(productId)
        list = productId ? list.filter((entry) => String(entry.id) !== productId) : []
        return ok({ removed: 1 })
      }),
    )
    servePagedList('history/list', () => pageOf(list))
    return removed
  }

  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/product-history/list')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/product-history/list?pageNum=1' })
  })

  it('shows when each product was viewed and removes one entry', async () => {
    const removed = serveHistory()
    await renderApp('/product-history')
    const first = (await screen.findByRole('article', { name: '商品 11' })) as HTMLElement
    // 00:30 UTC is 09:30 in Tokyo
    expect(within(first).getByText('浏览于 2026-12-01 09:30')).toBeTruthy()
    expect(within(first).getByRole('link', { name: '商品 11' }).getAttribute('href')).toBe(
      '/product-history/product/11',
    )

    fireEvent.click(within(first).getByRole('button', { name: '从浏览记录中删除：商品 11' }))
    expect(await screen.findByText('已从浏览记录中删除')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('article', { name: '商品 11' })).toBeNull())
    expect(screen.getByRole('article', { name: '商品 12' })).toBeTruthy()
    expect(removed).toEqual(['11'])
  })

  it('clears the whole history only after confirmation', async () => {
    const removed = serveHistory()
    await renderApp('/product-history/list')
    fireEvent.click(await screen.findByRole('button', { name: '清空浏览记录' }))
    const dialog = screen.getByRole('dialog', { name: '清空浏览记录？' })
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(removed).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: '清空浏览记录' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '清空' }))
    expect(await screen.findByText('还没有浏览记录')).toBeTruthy()
    expect(removed).toEqual([null])
    expect(screen.queryByRole('button', { name: '清空浏览记录' })).toBeNull()
  })
})

describe('series pages', () => {
  it('lists a page of hot series, each opening the search for its products', async () => {
    const heard = servePagedList('product/hotSeriesPage', () => pageOf([FIGURE_SERIES], 31))
    await renderApp('/product-hot-series?page=1')
    const link = await screen.findByRole('link', { name: /星之旅团/ })
    expect(link.getAttribute('href')).toBe('/product-search/list?series=5')
    expect(within(link).getByText('14 件商品')).toBeTruthy()
    expect(heard[0]?.params).toEqual({ pageNum: '1', pageSize: '30', language: 'zhCn' })
    expect(
      within(screen.getByRole('navigation', { name: '分页' }))
        .getByRole('link', { name: '第 2 页' })
        .getAttribute('href'),
    ).toBe('/product-hot-series?page=2')
  })

  it('lists all series with their product counts, named in the language on screen', async () => {
    localStorage.setItem('localeLang', 'ja')
    server.use(
      http.get('*/api/mall/product/allSeries', () =>
        ok([
          FIGURE_SERIES,
          { ...FIGURE_SERIES, id: 6, seriesName: '月光学园', jpSeriesName: null, productCount: 3 },
        ]),
      ),
    )
    await renderApp('/product-all-series')
    expect((await screen.findByRole('link', { name: /星の旅団/ })).getAttribute('href')).toBe(
      '/product-search/list?series=5',
    )
    // no Japanese name: the Chinese one stands in
    expect(screen.getByRole('link', { name: /月光学园/ }).getAttribute('href')).toBe(
      '/product-search/list?series=6',
    )
  })
})
