import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { CartLineDto } from '../../src/domain/cart.ts'
import type { ProductDetailDto } from '../../src/domain/catalog.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { cartLine, failed, ok, productDetail } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => dismissAllToasts())

/** Serves one product page; returns the languages it was asked in. */
function serveProduct(product: ProductDetailDto) {
  const languages: (string | null)[] = []
  server.use(
    http.get('*/api/mall/product/details/:id', ({ params, request }) => {
      if (String(params.id) !== String(product.id)) return failed(404, 'No such product')
      languages.push(new URL(request.url).searchParams.get('language'))
      return ok(product)
    }),
  )
  return languages
}

/** Signs a role-2 shopper in; returns how often the startup's charge settings were loaded. */
function signInShopper() {
  signIn({ role: 2 })
  const startupLoads = { count: 0 }
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/charge/details', () => {
      startupLoads.count += 1
      return ok({ discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: 0.05 })
    }),
  )
  return startupLoads
}

const forShopper = (overrides: Partial<ProductDetailDto> = {}) =>
  productDetail(11, {
    cnAlonePrice: 12800,
    memberPrice: { referencePrice: 12800, discountedPrice: 11520, points: 115 },
    collected: false,
    ...overrides,
  })

/** The value a fact list shows for a label. */
function factOf(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
}

describe('product detail', () => {
  it('shows a shopper every field: prices, points, stock, box, dates, codes, category, series and schedule', async () => {
    signInShopper()
    serveProduct(forShopper())
    await renderApp('/product/11')

    expect(await screen.findByRole('heading', { level: 1, name: '星之旅团 艾琳 1/7 手办' })).toBeTruthy()
    expect(screen.getByText('星の旅団 エリン 1/7 フィギュア')).toBeTruthy()
    expect(screen.getByText('Star Brigade Erin 1/7 Figure')).toBeTruthy()
    expect(within(screen.getByRole('main')).getByText('预订')).toBeTruthy()
    expect(document.title).toContain('星之旅团 艾琳 1/7 手办')

    expect(factOf('会员价')).toContain('¥11,520')
    expect(factOf('参考价')).toContain('¥12,800')
    // 12,800 × 0.05 = 640.00 yuan, shown in the Chinese interface once the rate is known
    await waitFor(() => expect(factOf('参考价')).toContain('≈ 640.00 元'))
    expect(factOf('可得积分')).toBe('115')
    // 6 a box at the member price
    expect(factOf('整箱价（6 个）')).toContain('¥69,120')
    expect(factOf('库存')).toBe('40')
    expect(factOf('每箱数量')).toBe('6')
    expect(factOf('发售时间')).toBe('2027-02-10')
    expect(factOf('截单时间')).toBe('2026-12-01')
    expect(factOf('厂商')).toBe('星光工房')
    expect(screen.getByRole('link', { name: '星光工房' }).getAttribute('href')).toBe(
      '/product-search/list?brandId=3',
    )
    expect(factOf('商品编号')).toBe('SB-ERIN-07')
    expect(factOf('JAN 码')).toBe('4580590123456')
    expect(factOf('整箱条码')).toBe('14580590123453')
    expect(factOf('到货时间')).toBe('发售当月月底到货 (2027-02-28)')
    expect(screen.getByRole('link', { name: '比例手办' }).getAttribute('href')).toBe(
      '/product-search/list?category=7',
    )
    expect(screen.getByRole('link', { name: '星之旅团' }).getAttribute('href')).toBe(
      '/product-search/list?series=5',
    )
    expect(screen.queryByText('该商品已下架')).toBeNull()
  })

  it('shows a visitor the login link instead of prices, and sends them to log in to add to the cart', async () => {
    const languages = serveProduct(productDetail(11))
    const { router } = await renderApp('/product-hot/product/11')

    expect(await screen.findByRole('heading', { level: 1, name: '星之旅团 艾琳 1/7 手办' })).toBeTruthy()
    const main = within(screen.getByRole('main'))
    expect(main.getByRole('link', { name: '登录后查看价格' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fproduct-hot%2Fproduct%2F11',
    )
    expect(main.queryByText(/¥/)).toBeNull()
    expect(main.queryByText('会员价')).toBeNull()
    expect(languages).toEqual(['zhCn'])

    fireEvent.click(main.getByRole('button', { name: '登录后加入购物车' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/product-hot/product/11' })
  })

  it('sends a visitor to log in to keep a favourite', async () => {
    serveProduct(productDetail(11))
    const { router } = await renderApp('/product/11')
    fireEvent.click(await screen.findByRole('button', { name: '登录后收藏' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/product/11' })
  })

  it('adds a multiple of the order base to the cart with an idempotency key, says so and counts it in the header', async () => {
    signInShopper()
    serveProduct(forShopper({ orderBase: 2, stock: 5 }))
    const bodies: unknown[] = []
    const keys: (string | null)[] = []
    let cart: CartLineDto[] = []
    server.use(
      http.get('*/api/mall/cart/listCart', () => ok(cart)),
      http.post('*/api/mall/cart/addToCart', async ({ request }) => {
        const body = (await request.json()) as { productAmount: number }
        bodies.push(body)
        keys.push(request.headers.get('Idempotency-Key'))
        cart = [cartLine(11, { cartId: 5, productAmount: body.productAmount })]
        return ok({ cartId: 5, productAmount: body.productAmount })
      }),
    )
    const { session } = await renderApp('/product/11')
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))

    const quantity = (await screen.findByRole('spinbutton', { name: '数量' })) as HTMLInputElement
    expect(quantity.value).toBe('2')
    fireEvent.click(screen.getByRole('button', { name: '增加 2' }))
    expect(quantity.value).toBe('4')
    // the stock of 5 holds two bases of 2
    expect((screen.getByRole('button', { name: '增加 2' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(quantity, { target: { value: '3' } })
    fireEvent.blur(quantity)
    expect(quantity.value).toBe('4')

    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }))
    expect(await screen.findByText('已加入购物车')).toBeTruthy()
    expect(bodies).toEqual([{ productId: 11, productAmount: 4, productType: 1 }])
    expect(keys[0]).toMatch(/^[A-Za-z0-9_:.-]{1,100}$/)
    // the header's count follows the cart
    await waitFor(() => expect(session.getSnapshot().context.startup.cartNumber).toBe(4))
  })

  it('shows the server message when the cart refuses the line', async () => {
    signInShopper()
    serveProduct(forShopper())
    server.use(
      http.get('*/api/mall/cart/listCart', () => ok([])),
      http.post('*/api/mall/cart/addToCart', () =>
        HttpResponse.json({ code: 409, msg: 'This item is out of stock', data: null }, { status: 409 }),
      ),
    )
    await renderApp('/product/11')
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }))
    expect(await screen.findByText('该商品库存不足')).toBeTruthy()
    expect(screen.queryByText('已加入购物车')).toBeNull()
  })

  it('toggles the favourite, its pressed state following the server', async () => {
    signInShopper()
    serveProduct(forShopper())
    let collected = false
    server.use(
      http.post('*/api/mall/history/collectOrCancel/11', () => {
        collected = !collected
        return ok({ collected, bid: collected ? 9 : null })
      }),
    )
    await renderApp('/product/11')
    const toggle = await screen.findByRole('button', { name: '收藏' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'))
    expect(await screen.findByText('已加入收藏')).toBeTruthy()
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'))
  })

  it('says an off-sale product is unavailable and offers no cart button', async () => {
    signInShopper()
    serveProduct(forShopper({ available: false }))
    await renderApp('/product/11')
    expect(await screen.findByText('该商品已下架')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull()
    expect(screen.queryByRole('spinbutton', { name: '数量' })).toBeNull()
    expect(screen.getByRole('button', { name: '收藏' })).toBeTruthy()
  })

  it('says the product does not exist for an unknown or malformed id, with ways back', async () => {
    serveProduct(productDetail(11))
    await renderApp('/product-new/product/999')
    expect(await screen.findByText('该商品不存在或已下架')).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: '看看热门商品' })).toBeTruthy()
  })

  it('does not ask the server about an id that cannot be one', async () => {
    const languages = serveProduct(productDetail(11))
    await renderApp('/product/abc')
    expect(await screen.findByText('该商品不存在或已下架')).toBeTruthy()
    expect(languages).toEqual([])
  })

  it('shows a partner-only price as its text', async () => {
    signInShopper()
    serveProduct(productDetail(11, { partnerOnly: true }))
    await renderApp('/product/11')
    expect(await screen.findByText('该价格仅对合作伙伴开放')).toBeTruthy()
    expect(within(screen.getByRole('main')).queryByText(/¥/)).toBeNull()
  })

  it('changes the large image from the thumbnails, by click and with the arrow keys', async () => {
    serveProduct(productDetail(11))
    await renderApp('/product/11')
    const panel = await screen.findByRole('tabpanel')
    const large = () => within(panel).getByRole('img')
    expect(large().getAttribute('alt')).toBe('星之旅团 艾琳 1/7 手办（第 1 张，共 3 张）')
    const tabs = within(screen.getByRole('tablist', { name: '商品图片' })).getAllByRole('tab')
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1])

    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' })
    expect(large().getAttribute('src')).toBe('/media/demo/erin-side.svg')
    expect(document.activeElement).toBe(tabs[1])
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tabs[1] as HTMLElement, { key: 'End' })
    expect(large().getAttribute('src')).toBe('/media/demo/erin-back.svg')
    fireEvent.click(tabs[0] as HTMLElement)
    expect(large().getAttribute('alt')).toBe('星之旅团 艾琳 1/7 手办（第 1 张，共 3 张）')
  })
})

describe('product pictures and brand', () => {
  const picture = (id: number, name: string): MediaImageDto => ({
    id,
    width: 1280,
    height: 1280,
    placeholder: `data:image/webp;base64,${name}`,
    variants: [320, 640, 1280].flatMap((width) =>
      (['avif', 'webp'] as const).map((format) => ({
        width,
        format,
        url: `/media/m/${name}-${width}.${format}`,
      })),
    ),
  })

  it('draws uploaded pictures at the width shown, the first at once, the thumbnails lazily', async () => {
    const images = [picture(1, 'front'), picture(2, 'side')]
    serveProduct(
      productDetail(11, { imgList: ['/media/m/front-640.webp', '/media/m/side-640.webp'], images }),
    )
    await renderApp('/product/11')
    const panel = await screen.findByRole('tabpanel')
    const large = within(panel).getByRole('img')
    expect(large.closest('picture')?.querySelector('source')?.getAttribute('srcset')).toBe(
      '/media/m/front-320.avif 320w, /media/m/front-640.avif 640w, /media/m/front-1280.avif 1280w',
    )
    expect(large.getAttribute('fetchpriority')).toBe('high')
    expect(large.getAttribute('loading')).toBe('eager')
    expect(large.closest('picture')?.querySelector('source')?.getAttribute('sizes')).toBe(
      '(min-width: 1280px) 500px, (min-width: 768px) 40vw, 100vw',
    )

    const thumbs = within(screen.getByRole('tablist', { name: '商品图片' })).getAllByRole('img')
    expect(thumbs.map((thumb) => thumb.getAttribute('loading'))).toEqual(['lazy', 'lazy'])
    expect(thumbs[1]?.closest('picture')?.querySelector('source')?.getAttribute('sizes')).toBe('64px')

    fireEvent.click(within(screen.getByRole('tablist')).getAllByRole('tab')[1] as HTMLElement)
    expect(within(panel).getByRole('img').getAttribute('src')).toBe('/media/m/side-640.webp')
  })

  it('shows the maker as text when the product has no brand', async () => {
    serveProduct(productDetail(11, { brand: null, manufacturer: null }))
    await renderApp('/product/11')
    await screen.findByRole('heading', { level: 1 })
    expect(factOf('厂商')).toBe('-')
    expect(screen.queryByRole('link', { name: '星光工房' })).toBeNull()
  })
})

describe('product preview', () => {
  it('calls the preview with the passed token as its bearer', async () => {
    const authorizations: (string | null)[] = []
    server.use(
      http.get('*/api/mall/product/preview/:id', ({ request }) => {
        authorizations.push(request.headers.get('authorization'))
        return ok(productDetail(11, { available: false }))
      }),
    )
    await renderApp('/product-preview/11?token=preview-token-1')
    expect(await screen.findByRole('heading', { level: 1, name: '星之旅团 艾琳 1/7 手办' })).toBeTruthy()
    expect(screen.getByText('商品预览')).toBeTruthy()
    expect(authorizations).toEqual(['Bearer preview-token-1'])
  })

  it('previews with the stored session token when none is passed', async () => {
    signInShopper()
    const authorizations: (string | null)[] = []
    server.use(
      http.get('*/api/mall/product/preview/:id', ({ request }) => {
        authorizations.push(request.headers.get('authorization'))
        return ok(forShopper())
      }),
    )
    await renderApp('/product-preview/11')
    expect(await screen.findByRole('heading', { level: 1, name: '星之旅团 艾琳 1/7 手办' })).toBeTruthy()
    expect(authorizations).toEqual([`Bearer ${localStorage.getItem('token')}`])
  })

  it('says the link has expired when the server refuses the passed token', async () => {
    server.use(
      http.get('*/api/mall/product/preview/:id', () =>
        HttpResponse.json({ code: 401, msg: 'Please log in first', data: null }, { status: 401 }),
      ),
    )
    await renderApp('/product-preview/11?token=stale')
    expect(await screen.findByText('预览链接已失效')).toBeTruthy()
    expect(screen.getByRole('link', { name: '去登录' })).toBeTruthy()
  })

  it('asks to log in when there is no token to preview with', async () => {
    await renderApp('/product-preview/11')
    expect(await screen.findByText('登录后才能预览这件商品')).toBeTruthy()
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fproduct-preview%2F11',
    )
  })
})
