import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { type CartLineDto, isStockedType } from '../../src/domain/cart.ts'
import { type ProductCardDto, type ProductDetailDto, productNameIn } from '../../src/domain/catalog.ts'
import { formatYen, priceColumnFor, SIGN_UP_ROLE } from '../../src/domain/price-display.ts'
import type { Page as ListPage } from '../../src/domain/queries.ts'
import { screenshotPath } from './browser.ts'
import { translated } from './catalog-text.ts'
import {
  type Customer,
  customerPage,
  signUpCustomer,
  waitForServiceWorker,
  waitForWarmPages,
} from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

const WAIT = { timeout: 15_000 }
const ja = (source: string) => translated('ja', source)
const PRICE_COLUMN = priceColumnFor(SIGN_UP_ROLE.ja, 'ja')

/** The offline page's links, as the shopper reads them: name → address. */
async function offlineLinks(page: Page): Promise<Array<[string, string | null]>> {
  const nav = page.getByRole('navigation', { name: ja('离线时可以查看') })
  await nav.waitFor(WAIT)
  const links = await nav.getByRole('link').all()
  return Promise.all(
    links.map(
      async (link) =>
        [(await link.textContent()) ?? '', await link.getAttribute('href')] as [string, string | null],
    ),
  )
}

async function expectOfflinePage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: ja('当前离线，这一页还没有保存在本机') }).waitFor(WAIT)
  assert.deepEqual(await offlineLinks(page), [
    [ja('首页'), '/'],
    [ja('购物车'), '/cart/list'],
    [ja('我的订单'), '/order-list/list'],
    [ja('我的收藏'), '/collect/list'],
    [ja('浏览记录'), '/product-history/list'],
    [ja('个人信息'), '/userinfo'],
  ])
}

describe('offline in Japanese: pages seen before open again, the others show the offline page', () => {
  let shop: RunningShop
  let customer: Customer
  let context: BrowserContext
  let page: Page
  /** The hot list's first page for this shopper, with their prices. */
  let hot: ProductCardDto[]
  let inCart: ProductCardDto
  let unseen: ProductCardDto

  before(async () => {
    shop = await startShop({ locale: 'ja-JP', name: 'offline' })
    customer = await signUpCustomer(shop, 'offline-ja@example.com', 'ja')
    hot = (
      await customer.api<ListPage<ProductCardDto>>(
        'GET',
        '/mall/product/hotListPage?pageNum=1&pageSize=30&language=ja',
      )
    ).list
    const priced = hot.filter(
      (card) =>
        PRICE_COLUMN && card[PRICE_COLUMN] !== undefined && card.orderBase === 1 && !isStockedType(card.type),
    )
    assert.ok(priced[0] && priced[1], 'the demo catalog has priced hot products sold singly')
    inCart = priced[1]
    await customer.api('POST', '/mall/cart/addToCart', {
      productId: inCart.id,
      productAmount: 1,
      productType: inCart.type,
    })
    // A product on no page this test opens: the newest of the new list's last page.
    const fresh = await customer.api<ListPage<ProductCardDto>>(
      'GET',
      '/mall/product/newListPage?pageNum=1&pageSize=100&language=ja',
    )
    const onHot = new Set(hot.map((card) => card.id))
    const candidate = fresh.list.reverse().find((card) => !onHot.has(card.id))
    assert.ok(candidate, 'the new list has a product not on the hot list')
    unseen = candidate
    // this test is about the pages warmed for offline use
    ;({ context, page } = await customerPage(shop, customer, 'ja', { warmPages: true }))
  })
  after(async () => {
    await context?.close()
    await shop?.close()
  })

  it('reloads home, a list, a product and the cart offline, in Japanese, with the indicator', async () => {
    const [first] = hot
    assert.ok(first && PRICE_COLUMN)
    const detail = await customer.api<ProductDetailDto>(
      'GET',
      `/mall/product/details/${first.id}?language=ja`,
    )
    const firstPrice = formatYen(first[PRICE_COLUMN] as number, 'ja')
    const cartLines = await customer.api<CartLineDto[]>('GET', '/mall/cart/listCart?language=ja')

    /** What each page shows, online and then offline. */
    const pages: Array<{ path: string; shows: () => Promise<void> }> = [
      {
        path: '/',
        shows: async () => {
          await page
            .getByRole('heading', { name: ja('热门商品') })
            .first()
            .waitFor(WAIT)
          await page
            .getByRole('article', { name: productNameIn('ja', first), exact: true })
            .first()
            .waitFor(WAIT)
        },
      },
      {
        path: '/product-hot/list',
        shows: async () => {
          await page.getByRole('heading', { level: 1, name: ja('热门商品') }).waitFor(WAIT)
          const card = page.getByRole('article', { name: productNameIn('ja', first), exact: true })
          await card.getByText(firstPrice).first().waitFor(WAIT)
        },
      },
      {
        path: `/product/${first.id}`,
        shows: async () => {
          await page.getByRole('heading', { level: 1, name: productNameIn('ja', detail) }).waitFor(WAIT)
          await page.getByText(firstPrice).first().waitFor(WAIT)
          await page.getByRole('button', { name: ja('加入购物车'), exact: true }).waitFor(WAIT)
        },
      },
      {
        path: '/cart/list',
        shows: async () => {
          await page
            .getByRole('heading', {
              level: 1,
              name: ja('购物车（{lineCount}）').replace('{lineCount}', String(cartLines.length)),
            })
            .waitFor(WAIT)
          await page
            .getByRole('spinbutton', {
              name: ja('数量：{title}').replace('{title}', productNameIn('ja', inCart)),
            })
            .waitFor(WAIT)
        },
      },
    ]

    await page.goto(shop.url('/'))
    await waitForServiceWorker(page)
    for (const { path, shows } of pages) {
      await page.goto(shop.url(path))
      await shows()
    }
    const indicator = page.getByTestId('offline-indicator')
    assert.equal(await indicator.textContent(), '', 'no indicator while online')
    // the pages not opened above are warmed once the network is quiet
    await waitForWarmPages(page)

    await context.setOffline(true)
    try {
      for (const { path, shows } of pages) {
        await page.goto(shop.url(path))
        await shows()
        assert.equal(await page.getAttribute('html', 'lang'), 'ja', `${path} is in Japanese offline`)
        await indicator.getByText(ja('当前离线，显示的是本机保存的内容')).waitFor(WAIT)
        // a reload, not only a visit, keeps it
        await page.reload()
        await shows()
      }
      await page.screenshot({ path: screenshotPath('offline-cart-ja'), fullPage: true })
    } finally {
      await context.setOffline(false)
    }
    await indicator.getByText(ja('当前离线，显示的是本机保存的内容')).waitFor({ state: 'detached', ...WAIT })
  })

  it('shows the offline page for a product and a list never opened, and loads them once back online', async () => {
    await context.setOffline(true)
    try {
      await page.goto(shop.url(`/product/${unseen.id}`))
      await expectOfflinePage(page)
      await page.screenshot({ path: screenshotPath('offline-page-ja'), fullPage: true })

      await page.goto(shop.url('/product-new/list'))
      await expectOfflinePage(page)
      // a link of the offline page leads to a page that works offline
      await page
        .getByTestId('offline-page')
        .getByRole('link', { name: ja('购物车'), exact: true })
        .click()
      await page
        .getByRole('spinbutton', {
          name: ja('数量：{title}').replace('{title}', productNameIn('ja', inCart)),
        })
        .waitFor(WAIT)
      assert.equal(new URL(page.url()).pathname, '/cart/list')

      await page.goto(shop.url('/product-new/list'))
      await expectOfflinePage(page)
    } finally {
      await context.setOffline(false)
    }
    // back online, the page loads by itself
    await page.getByRole('heading', { level: 1, name: ja('新品上架') }).waitFor(WAIT)
    assert.equal(await page.getByTestId('offline-page').count(), 0)
  })
})
