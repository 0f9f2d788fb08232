import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import type { SessionClaims } from '../../src/domain/session.ts'
import type { FavouriteCardDto } from '../../src/features/favourites/api/get-favourite-list.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok, pageOf, productCard, productDetail, servePagedList } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  soldOut.clear()
  dismissAllToasts()
  vi.restoreAllMocks()
})

/** Favourites that cannot be ordered now, each watched (an alert on) until the shopper turns it off. */
const soldOut = new Set<number>()

/** A favourite as the list sends it to a role-2 shopper: priced at 12,800 yen, bid 500 + id. */
function favourite(id: number, overrides: Partial<ProductCardDto> = {}): FavouriteCardDto {
  return {
    ...productCard(id, { cnAlonePrice: 12800, enAlonePrice: 12800, ...overrides }),
    bid: 500 + id,
    orderable: !soldOut.has(id),
    alerted: soldOut.has(id),
  }
}

interface Heard {
  /** collectOrDelete calls: product id and the collect flag. */
  set: [string, string | null][]
  cleared: number
}

/**
 * A signed-in shopper with the given favourites (ids), 30 a page; answers list, collectOrDelete and
 * clear as the server would. Returns what the list was asked and what the server heard.
 */
function serveFavourites(ids: number[], claims: Partial<SessionClaims> = {}) {
  signIn({ role: 2, ...claims })
  let favourites = ids
  const heard: Heard = { set: [], cleared: 0 }
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.post('*/api/mall/collect/collectOrDelete/:productId', ({ params, request }) => {
      const productId = Number(params.productId)
      const collect = new URL(request.url).searchParams.get('collect')
      heard.set.push([String(params.productId), collect])
      if (collect === 'false') favourites = favourites.filter((id) => id !== productId)
      return ok({ collected: collect === 'true', bid: collect === 'true' ? 500 + productId : null })
    }),
    http.delete('*/api/mall/collect/clear', () => {
      heard.cleared++
      const removed = favourites.length
      favourites = []
      return ok({ removed })
    }),
  )
  const list = servePagedList('collect/list', (query) => {
    const pageNum = Number(query.pageNum)
    const onPage = favourites.slice((pageNum - 1) * 30, pageNum * 30)
    return pageOf(
      onPage.map((id) => favourite(id)),
      favourites.length,
      pageNum,
    )
  })
  return {
    list,
    heard,
    /** Another tab or device changed the favourites. */
    replace(next: number[]) {
      favourites = next
    },
  }
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index)
const cardNames = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))

describe('favourites', () => {
  it('sends a visitor to log in first, coming back to the list', async () => {
    const { router } = await renderApp('/collect/list')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/collect/list?pageNum=1' })
  })

  it('opens the list from /collect and shows each favourite with its price and a remove button', async () => {
    const { list } = serveFavourites([11, 12])
    const { router } = await renderApp('/collect')

    expect(await screen.findByRole('heading', { level: 1, name: '我的收藏' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/collect/list')
    expect(screen.getByText('共 2 件商品')).toBeTruthy()
    const card = within((await screen.findByRole('article', { name: '商品 11' })) as HTMLElement)
    expect(card.getByRole('link', { name: '商品 11' }).getAttribute('href')).toBe('/collect/product/11')
    expect(card.getByText('¥12,800')).toBeTruthy()
    expect(card.getByRole('button', { name: '取消收藏：商品 11' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '清空收藏' })).toBeTruthy()
    expect(list.map((query) => query.params)).toEqual([{ pageNum: '1', pageSize: '30', language: 'zhCn' }])
  })

  it('pages through the favourites, 30 a page, keeping the page in the address', async () => {
    const { list } = serveFavourites(range(1, 35))
    const { router } = await renderApp('/collect/list')
    await screen.findByRole('article', { name: '商品 1' })
    expect(cardNames()).toHaveLength(30)
    expect(screen.getByText('共 35 件商品')).toBeTruthy()

    fireEvent.click(
      within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '下一页' }),
    )
    expect(await screen.findByRole('article', { name: '商品 31' })).toBeTruthy()
    expect(cardNames()).toHaveLength(5)
    expect(router.state.location.search).toEqual({ pageNum: 2 })
    expect(list.map((query) => [query.pageNum, query.pageSize])).toEqual([
      ['1', '30'],
      ['2', '30'],
    ])
  })

  it('offers the alert on a sold-out favourite only, on by default, and turns it off', async () => {
    soldOut.add(12)
    serveFavourites([11, 12])
    const turnedOff: string[] = []
    server.use(
      http.delete('*/api/mall/alert/:productId', ({ params }) => {
        turnedOff.push(String(params.productId))
        return ok({ subscribed: false })
      }),
    )
    await renderApp('/collect/list')
    const inStock = within((await screen.findByRole('article', { name: '商品 11' })) as HTMLElement)
    expect(inStock.queryByRole('button', { name: /到货提醒/ })).toBeNull()
    const waiting = within(screen.getByRole('article', { name: '商品 12' }) as HTMLElement)
    const alert = waiting.getByRole('button', { name: '已订阅到货提醒' })
    expect(alert.getAttribute('aria-pressed')).toBe('true')

    fireEvent.click(alert)
    expect(await screen.findByText('已关闭到货提醒')).toBeTruthy()
    expect(waiting.getByRole('button', { name: '到货提醒我' }).getAttribute('aria-pressed')).toBe('false')
    expect(turnedOff).toEqual(['12'])
  })

  it('removes one favourite with collect=false, says so and reloads the list without it', async () => {
    const { list, heard } = serveFavourites([11, 12])
    await renderApp('/collect/list')
    const first = within((await screen.findByRole('article', { name: '商品 11' })) as HTMLElement)

    fireEvent.click(first.getByRole('button', { name: '取消收藏：商品 11' }))
    expect(await screen.findByText('已取消收藏')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('article', { name: '商品 11' })).toBeNull())
    expect(screen.getByRole('article', { name: '商品 12' })).toBeTruthy()
    expect(screen.getByText('共 1 件商品')).toBeTruthy()
    expect(heard.set).toEqual([['11', 'false']])
    expect(list).toHaveLength(2)
  })

  it('keeps the favourite when the server refuses to remove it, showing its message', async () => {
    const { list } = serveFavourites([11])
    server.use(
      http.post('*/api/mall/collect/collectOrDelete/:productId', () => failed(500, '收藏服务暂不可用')),
    )
    await renderApp('/collect/list')
    fireEvent.click(await screen.findByRole('button', { name: '取消收藏：商品 11' }))
    expect(await screen.findByText('收藏服务暂不可用')).toBeTruthy()
    expect(screen.queryByText('已取消收藏')).toBeNull()
    expect(screen.getByRole('article', { name: '商品 11' })).toBeTruthy()
    expect(list).toHaveLength(1)
  })

  it('clears every favourite only after confirmation', async () => {
    const { heard } = serveFavourites([11, 12, 13])
    await renderApp('/collect/list')

    fireEvent.click(await screen.findByRole('button', { name: '清空收藏' }))
    const dialog = within(screen.getByRole('dialog', { name: '清空收藏？' }))
    expect(dialog.getByText('将取消全部 3 件商品的收藏，且无法恢复。')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: '取消' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(heard.cleared).toBe(0)

    fireEvent.click(screen.getByRole('button', { name: '清空收藏' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '清空' }))
    expect(await screen.findByText('收藏已清空')).toBeTruthy()
    expect(await screen.findByText('还没有收藏')).toBeTruthy()
    expect(heard.cleared).toBe(1)
    expect(screen.queryByRole('article')).toBeNull()
    expect(screen.queryByRole('button', { name: '清空收藏' })).toBeNull()
  })

  it('says there are no favourites yet and leads to the hot products', async () => {
    serveFavourites([])
    servePagedList('product/hotListPage', () => pageOf([productCard(3)]))
    const { router } = await renderApp('/collect/list')

    expect(await screen.findByText('还没有收藏')).toBeTruthy()
    expect(screen.getByText('在商品页点击“收藏”，商品会出现在这里。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '清空收藏' })).toBeNull()
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: '去看看热门商品' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/product-hot/list'))
  })

  it('says the list could not load and loads it on retry', async () => {
    serveFavourites([11])
    let fail = true
    servePagedList('collect/list', () => (fail ? failed(500, 'Internal error') : pageOf([favourite(11)])))
    await renderApp('/collect/list')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('网络错误或商品不可用')).toBeTruthy()
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('article', { name: '商品 11' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('reloads the list when the shopper opens favourites again while on it', async () => {
    const favourites = serveFavourites([11])
    const { router } = await renderApp('/collect/list')
    await screen.findByRole('article', { name: '商品 11' })

    // added on another device meanwhile
    favourites.replace([12, 11])
    const header = within(screen.getByRole('banner'))
    fireEvent.click(header.getByRole('link', { name: '收藏' }))
    expect(await screen.findByRole('article', { name: '商品 12' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/collect/list')
    expect(favourites.list).toHaveLength(2)

    // a link to this very address (the menu's /collect/list)
    favourites.replace([11])
    await act(() => router.navigate({ to: '/collect/list', search: { pageNum: 1 } }))
    await waitFor(() => expect(screen.queryByRole('article', { name: '商品 12' })).toBeNull())
    expect(favourites.list).toHaveLength(3)
  })

  it('opens a favourite inside the favourites and comes back to the list, shown at once and reloaded', async () => {
    const favourites = serveFavourites([11, 12])
    server.use(
      http.get('*/api/mall/product/details/:id', ({ params }) =>
        ok(productDetail(Number(params.id), { productName: `商品 ${params.id}`, collected: true })),
      ),
    )
    const { router } = await renderApp('/collect/list')
    fireEvent.click(await screen.findByRole('link', { name: '商品 12' }))
    expect(await screen.findByRole('heading', { level: 1, name: '商品 12' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/collect/product/12')

    // taken out of the favourites on the product page
    favourites.replace([11])
    act(() => router.history.back())
    // the cached page first, then the list as it is now
    await waitFor(() => expect(screen.getByRole('article', { name: '商品 11' })).toBeTruthy())
    await waitFor(() => expect(screen.queryByRole('article', { name: '商品 12' })).toBeNull())
    expect(favourites.list).toHaveLength(2)
  })

  it('shows the favourites in English', async () => {
    localStorage.setItem('localeLang', 'en')
    const { list } = serveFavourites([11, 12], { role: 6, language: 'en' })
    await renderApp('/collect/list')

    expect(await screen.findByRole('heading', { level: 1, name: 'My favorites' })).toBeTruthy()
    const card = within((await screen.findByRole('article', { name: 'Product 11' })) as HTMLElement)
    expect(card.getByText('12,800 Yen')).toBeTruthy()
    expect(card.getByRole('button', { name: 'Remove from favorites: Product 11' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear favorites' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Clear favorites?' }))
    expect(
      dialog.getByText('All 2 products will be removed from your favorites. This cannot be undone.'),
    ).toBeTruthy()
    expect(list[0]?.language).toBe('en')
  })
})
