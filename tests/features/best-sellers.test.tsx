import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiCachePlan } from '../../src/sw/api-cache-rules.ts'
import { ok, pageOf, productCards, productDetail, servePagedList } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'

afterEach(() => vi.restoreAllMocks())

/** 40 best sellers, 30 a page: ids 1–30, 31–40. */
function serveBestPages() {
  return servePagedList('product/bestList', (query) => {
    const pageNum = Number(query.pageNum)
    const from = (pageNum - 1) * 30 + 1
    return pageOf(productCards(from, Math.max(0, Math.min(30, 40 - from + 1))), 40, pageNum)
  })
}

describe('best sellers', () => {
  it('opens its list from the bare address and pages it, keeping the page in the address', async () => {
    const heard = serveBestPages()
    const { router } = await renderApp('/product-best')

    expect(await screen.findByRole('heading', { level: 1, name: '畅销商品' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/product-best/list')
    expect(screen.getByText('共 40 件商品')).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(30)
    expect(screen.getByRole('link', { name: '商品 1' }).getAttribute('href')).toBe('/product-best/product/1')

    fireEvent.click(
      within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '下一页' }),
    )
    expect(await screen.findByRole('link', { name: '商品 31' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ pageNum: 2 })
    expect(heard.map((query) => [query.pageNum, query.pageSize, query.language])).toEqual([
      ['1', '30', 'zhCn'],
      ['2', '30', 'zhCn'],
    ])
  })

  it('comes back from a product to the same page at once, without asking again, and restores the scroll', async () => {
    const heard = serveBestPages()
    server.use(
      http.get('*/api/mall/product/details/:id', () => ok(productDetail(35, { productName: '商品 35' }))),
    )
    const { router } = await renderApp('/product-best/list?pageNum=2')
    const link = await screen.findByRole('link', { name: '商品 35' })

    const scrolledTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 920 })
    fireEvent.scroll(document)
    fireEvent.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: '商品 35' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/product-best/product/35')
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 })
    scrolledTo.mockClear()

    act(() => router.history.back())
    await waitFor(() => expect(screen.getByRole('link', { name: '商品 35' })).toBeTruthy())
    expect(router.state.location.search).toEqual({ pageNum: 2 })
    await waitFor(() =>
      expect(scrolledTo).toHaveBeenCalledWith(expect.objectContaining({ top: 920, left: 0 })),
    )
    expect(heard).toHaveLength(1)
  })

  it('is linked from the hot products on the home page', async () => {
    server.use(http.get('*/api/mall/product/hotList', () => ok(productCards(1, 2))))
    await renderApp('/')
    const heading = await screen.findByRole('heading', { name: '热门商品' })
    const section = heading.closest('section') as HTMLElement
    expect(within(section).getByRole('link', { name: '畅销商品' }).getAttribute('href')).toBe(
      '/product-best/list',
    )
  })

  it('opens offline from the cache: the service worker keeps the new lists as it keeps the others', () => {
    for (const path of ['/api/mall/product/bestList', '/api/mall/brand/list', '/api/mall/brand/trending']) {
      expect(apiCachePlan(path, 'GET', null)).toEqual({
        strategy: 'stale-while-revalidate',
        cacheName: 'visitor-lists',
        session: null,
      })
    }
  })
})
