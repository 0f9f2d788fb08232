import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok, pageOf, productCard, servePagedList } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => dismissAllToasts())

// What the server sends each viewer: no price fields for a visitor, the one column of a customer's role.
const erin = productCard(11, {
  productName: '星之旅团 艾琳 1/7 手办',
  enProductName: 'Star Brigade Erin 1/7 Figure',
  sellTimeStr: '2027-03-01',
  // 15:00 UTC is midnight in Tokyo: the shop's calendar day is the 1st.
  preSellEndTime: '2026-11-30T15:00:00.000Z',
  boxIn: 6,
})
const blindBox = productCard(12, {
  type: 2,
  productName: '月光学园 盲盒',
  enProductName: 'Moonlight Academy Blind Box',
  imgList: [],
  sellTimeStr: null,
  preSellEndTime: null,
  boxIn: 12,
})

function serveCharge(rate: number | null) {
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/charge/details', () =>
      ok({ discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate }),
    ),
  )
}

async function cardOf(name: string) {
  const link = await screen.findByRole('link', { name })
  return link.closest('article') as HTMLElement
}

describe('product card', () => {
  it('shows a visitor the type, cover, name, dates and units per box, and a login link instead of a price', async () => {
    servePagedList('product/hotListPage', () => pageOf([erin, blindBox]))
    await renderApp('/product-hot/list')

    const cardElement = await cardOf('星之旅团 艾琳 1/7 手办')
    const card = within(cardElement)
    expect(card.getByRole('link', { name: '星之旅团 艾琳 1/7 手办' }).getAttribute('href')).toBe(
      '/product-hot/product/11',
    )
    expect(card.getByText('预订')).toBeTruthy()
    expect(cardElement.querySelector('img')?.getAttribute('src')).toBe('/media/demo/product-11.svg')
    const dateFor = (label: string) => card.getByText(label).nextElementSibling?.textContent
    expect(dateFor('发售')).toBe('2027-03-01')
    expect(dateFor('截单')).toBe('2026-12-01')
    expect(card.getByText('每箱 6 个')).toBeTruthy()
    const login = card.getByRole('link', { name: '登录后查看价格' })
    expect(login.getAttribute('href')).toBe('/login?redirectUrl=%2Fproduct-hot%2Flist%3FpageNum%3D1')
    expect(cardElement.textContent).not.toMatch(/¥|元|Yen/)
    expect(card.queryByRole('button', { name: /取消收藏/ })).toBeNull()

    const secondElement = await cardOf('月光学园 盲盒')
    const second = within(secondElement)
    expect(second.getByText('现货')).toBeTruthy()
    expect(secondElement.querySelector('img')).toBeNull()
    expect(second.getByText('发售').nextElementSibling?.textContent).toBe('-')
    expect(second.getByText('截单').nextElementSibling?.textContent).toBe('-')
    expect(second.getByText('每箱 12 个')).toBeTruthy()
  })

  it('sends a visitor from the price link to the login page, which brings them back', async () => {
    servePagedList('product/hotListPage', () => pageOf([erin]))
    const { router } = await renderApp('/product-hot/list?pageNum=1')
    fireEvent.click(
      within(await cardOf('星之旅团 艾琳 1/7 手办')).getByRole('link', { name: '登录后查看价格' }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/product-hot/list?pageNum=1' })
  })

  it('shows a role-2 shopper in Chinese the yen price and the renminbi estimate at the shop rate', async () => {
    signIn({ role: 2 })
    serveCharge(0.0483)
    servePagedList('product/hotListPage', () => pageOf([{ ...erin, cnAlonePrice: 12800 }]))
    await renderApp('/product-hot/list')

    const card = within(await cardOf('星之旅团 艾琳 1/7 手办'))
    expect(card.getByText('¥12,800')).toBeTruthy()
    // 12,800 × 0.0483 = 618.24, rounded up to the fen
    expect(await card.findByText('≈ 618.24 元')).toBeTruthy()
    expect(card.queryByText('登录后查看价格')).toBeNull()
  })

  it('shows no estimate when the shop has no rate', async () => {
    signIn({ role: 2 })
    serveCharge(null)
    servePagedList('product/hotListPage', () => pageOf([{ ...erin, cnAlonePrice: 12800 }]))
    const { session } = await renderApp('/product-hot/list')
    const card = within(await cardOf('星之旅团 艾琳 1/7 手办'))
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    expect(card.getByText('¥12,800')).toBeTruthy()
    expect(card.queryByText(/元/)).toBeNull()
  })

  it('writes English prices with a Yen suffix and no renminbi estimate', async () => {
    localStorage.setItem('localeLang', 'en')
    signIn({ role: 6, language: 'en' })
    serveCharge(0.0483)
    const heard = servePagedList('product/hotListPage', () => pageOf([{ ...erin, enAlonePrice: 12800 }]))
    const { session } = await renderApp('/product-hot/list')

    const card = within(await cardOf('Star Brigade Erin 1/7 Figure'))
    expect(card.getByText('12,800 Yen')).toBeTruthy()
    await waitFor(() => expect(session.getSnapshot().context.startup.charge?.rate).toBe(0.0483))
    expect(card.queryByText(/元|¥/)).toBeNull()
    expect(card.getByText('6 per box')).toBeTruthy()
    expect(heard[0]?.language).toBe('en')
  })

  it('says a partner-only price is for partners, and a role without a fitting price to ask', async () => {
    signIn({ role: 2 })
    serveCharge(0.0483)
    servePagedList('product/hotListPage', () => pageOf([{ ...erin, partnerOnly: true }, blindBox]))
    await renderApp('/product-hot/list')
    const partner = within(await cardOf('星之旅团 艾琳 1/7 手办'))
    expect(partner.getByText('该价格仅对合作伙伴开放')).toBeTruthy()
    expect(partner.queryByText(/¥/)).toBeNull()
    // signed in, but the server sent no price for this role
    expect(within(await cardOf('月光学园 盲盒')).getByText('价格请咨询客服')).toBeTruthy()
  })

  it('removes a favourite with its button, says so and reloads the list', async () => {
    signIn({ role: 2 })
    serveCharge(null)
    const removed: [string, string | null][] = []
    let favourite = true
    server.use(
      http.post('*/api/mall/collect/collectOrDelete/:productId', ({ params, request }) => {
        const collect = new URL(request.url).searchParams.get('collect')
        removed.push([String(params.productId), collect])
        favourite = collect === 'true'
        return ok({ collected: favourite, bid: favourite ? 77 : null })
      }),
    )
    const heard = servePagedList('product/hotListPage', () =>
      pageOf([favourite ? { ...erin, bid: 77 } : erin, blindBox]),
    )
    await renderApp('/product-hot/list')

    const card = within(await cardOf('星之旅团 艾琳 1/7 手办'))
    expect(within(await cardOf('月光学园 盲盒')).queryByRole('button', { name: /取消收藏/ })).toBeNull()
    fireEvent.click(card.getByRole('button', { name: '取消收藏：星之旅团 艾琳 1/7 手办' }))

    expect(await screen.findByText('已取消收藏')).toBeTruthy()
    await waitFor(() => expect(heard).toHaveLength(2))
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: '星之旅团 艾琳 1/7 手办' })).queryByRole('button', {
          name: /取消收藏/,
        }),
      ).toBeNull(),
    )
    expect(removed).toEqual([['11', 'false']])
  })

  it('keeps the favourite when the server refuses, showing its message', async () => {
    signIn({ role: 2 })
    serveCharge(null)
    server.use(
      http.post('*/api/mall/collect/collectOrDelete/:productId', () =>
        HttpResponse.json({ code: 500, msg: '收藏服务暂不可用', data: null }, { status: 500 }),
      ),
    )
    const heard = servePagedList('product/hotListPage', () => pageOf([{ ...erin, bid: 77 }]))
    await renderApp('/product-hot/list')
    fireEvent.click(await screen.findByRole('button', { name: '取消收藏：星之旅团 艾琳 1/7 手办' }))
    expect(await screen.findByText('收藏服务暂不可用')).toBeTruthy()
    expect(screen.queryByText('已取消收藏')).toBeNull()
    expect(heard).toHaveLength(1)
  })

  it('draws an uploaded cover as AVIF and WebP at the width of a card, over its blurred placeholder', async () => {
    const cover: MediaImageDto = {
      id: 9,
      width: 1600,
      height: 1200,
      placeholder: 'data:image/webp;base64,UklGRg',
      variants: [
        { width: 640, format: 'avif', url: '/media/m/erin-640.avif' },
        { width: 320, format: 'avif', url: '/media/m/erin-320.avif' },
        { width: 320, format: 'webp', url: '/media/m/erin-320.webp' },
        { width: 640, format: 'webp', url: '/media/m/erin-640.webp' },
      ],
    }
    servePagedList('product/hotListPage', () =>
      pageOf([{ ...erin, imgList: ['/media/m/erin-640.webp'], images: [cover] }, blindBox]),
    )
    await renderApp('/product-hot/list')

    const cardElement = await cardOf('星之旅团 艾琳 1/7 手办')
    const picture = cardElement.querySelector('picture') as HTMLElement
    const sources = [...picture.querySelectorAll('source')].map((source) => [
      source.getAttribute('type'),
      source.getAttribute('srcset'),
      source.getAttribute('sizes'),
    ])
    const sizes = '(min-width: 1280px) 208px, (min-width: 768px) 25vw, 50vw'
    expect(sources).toEqual([
      ['image/avif', '/media/m/erin-320.avif 320w, /media/m/erin-640.avif 640w', sizes],
      ['image/webp', '/media/m/erin-320.webp 320w, /media/m/erin-640.webp 640w', sizes],
    ])
    const image = picture.querySelector('img') as HTMLImageElement
    expect(image.getAttribute('src')).toBe('/media/m/erin-640.webp')
    // its own proportions, so the box is reserved before it arrives
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1600', '1200'])
    // the first card's cover is the list's largest paint: fetched at once, first
    expect(image.getAttribute('loading')).toBe('eager')
    expect(image.getAttribute('fetchpriority')).toBe('high')
    expect(image.style.backgroundImage).toContain('data:image/webp;base64,UklGRg')
    fireEvent.load(image)
    expect(image.style.backgroundImage).toBe('')

    // a product whose pictures come from elsewhere keeps a plain image
    const plain = await cardOf('月光学园 盲盒')
    expect(plain.querySelector('picture')).toBeNull()
  })

  it('fetches the first cover first, the rest of the first screen at once, and the others when they come near', async () => {
    servePagedList('product/hotListPage', () =>
      pageOf(
        Array.from({ length: 6 }, (_, index) => ({ ...erin, id: 20 + index, productName: `卡片 ${index}` })),
      ),
    )
    await renderApp('/product-hot/list')
    await cardOf('卡片 5')
    const covers = screen.getAllByRole('article').map((card) => card.querySelector('img') as HTMLImageElement)
    expect(covers.map((cover) => cover.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ])
    // only the first cover is the page's largest paint: one image per page at high priority
    expect(covers.map((cover) => cover.getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
      null,
      null,
    ])
    expect(document.querySelectorAll('[fetchpriority="high"]')).toHaveLength(1)
  })
})
