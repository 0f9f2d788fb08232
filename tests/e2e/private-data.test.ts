import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { isStockedType } from '../../src/domain/cart.ts'
import { type ProductCardDto, productNameIn } from '../../src/domain/catalog.ts'
import { formatYen, priceColumnFor, SIGN_UP_ROLE } from '../../src/domain/price-display.ts'
import type { Page as ListPage } from '../../src/domain/queries.ts'
import { readSessionClaims } from '../../src/domain/session.ts'
import { screenshotPath } from './browser.ts'
import { translated } from './catalog-text.ts'
import { type Customer, customerPage, signUpCustomer, US_ADDRESS, waitForServiceWorker } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

const WAIT = { timeout: 15_000 }
const ja = (source: string) => translated('ja', source)
const PRICE_COLUMN = priceColumnFor(SIGN_UP_ROLE.ja, 'ja')
const PASSWORD = 'Figure.2026' // signUpCustomer's

/** An address no other text of the shop contains, so finding any field of it anywhere is a leak. */
const ADDRESS = US_ADDRESS

/**
 * Everything the page can read back from the device: every Cache Storage entry (its URL and, for
 * text, its body) and every value and key of every IndexedDB store, as one text per place.
 */
async function readDeviceStorage(
  page: Page,
): Promise<{ cacheNames: string[]; texts: Record<string, string> }> {
  return page.evaluate(async () => {
    const texts: Record<string, string> = {}
    const cacheNames = await caches.keys()
    for (const name of cacheNames) {
      const cache = await caches.open(name)
      const parts: string[] = []
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        const type = response?.headers.get('content-type') ?? ''
        const body = response && /json|text|javascript|svg|xml|html/.test(type) ? await response.text() : type
        parts.push(`${request.url}\n${body}`)
      }
      texts[`cache ${name}`] = parts.join('\n')
    }
    const done = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await done(indexedDB.open(name))
      for (const store of Array.from(db.objectStoreNames)) {
        const objects = db.transaction(store, 'readonly').objectStore(store)
        const [keys, values] = await Promise.all([done(objects.getAllKeys()), done(objects.getAll())])
        texts[`indexedDB ${name}/${store}`] = JSON.stringify({ keys, values })
      }
      db.close()
    }
    return { cacheNames, texts }
  })
}

/** The places (cache or store) whose text matches, for a readable failure. */
function placesHolding(texts: Record<string, string>, pattern: string | RegExp): string[] {
  return Object.entries(texts)
    .filter(([, text]) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)))
    .map(([place]) => place)
}

/** What a signed-in shopper's answers carry and a visitor's never do. */
function privateMarks(customer: Customer, memberPrice: number): Array<[string, string | RegExp]> {
  return [
    ['e-mail', customer.email],
    ['nickname', customer.email.split('@')[0] as string],
    ['address line', ADDRESS.address],
    ['address telephone', ADDRESS.telephone],
    ['address name', ADDRESS.lastName],
    ['cart line id', /"cartId":\s*\d/],
    ['cart amount', /"productAmount":\s*\d/],
    ['member price column', /"(cn|jp|en)(Batch|Alone)Price":\s*\d/],
    ['member price', `:${memberPrice},`],
  ]
}

async function logOut(page: Page, customer: Customer): Promise<void> {
  const nickname = customer.email.split('@')[0] as string
  await page.getByRole('button', { name: new RegExp(nickname) }).click()
  await page.getByRole('menuitem', { name: ja('退出登录') }).click()
  await page.waitForFunction(() => localStorage.getItem('token') === null, undefined, WAIT)
  await page
    .getByRole('link', { name: ja('登录'), exact: true })
    .first()
    .waitFor(WAIT)
}

/** Polls until no cache of any shopper is left (the wipe runs as the logout ends); 15 s at most. */
async function waitForPrivateCachesGone(page: Page): Promise<void> {
  const privateCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('user-')))
  for (let tries = 0; tries < 60 && (await privateCaches()).length > 0; tries++) {
    await page.waitForTimeout(250)
  }
}

/** A shopper's first hot products they can buy: priced in their column, sold singly, not stock-limited. */
async function buyableHotProducts(customer: Customer): Promise<ProductCardDto[]> {
  const page = await customer.api<ListPage<ProductCardDto>>(
    'GET',
    '/mall/product/hotListPage?pageNum=1&pageSize=30&language=ja',
  )
  return page.list.filter(
    (card) =>
      PRICE_COLUMN !== undefined &&
      card[PRICE_COLUMN] !== undefined &&
      card.orderBase === 1 &&
      !isStockedType(card.type),
  )
}

/** Opens the shopper's pages online, so the service worker keeps each of them. */
async function browseEverything(
  page: Page,
  shop: RunningShop,
  products: { cart: ProductCardDto; favourite: ProductCardDto },
) {
  const { cart, favourite } = products
  await page.goto(shop.url('/product-hot/list'))
  await page.getByRole('article', { name: productNameIn('ja', cart), exact: true }).waitFor(WAIT)
  await page.goto(shop.url(`/product/${cart.id}`))
  await page.getByRole('heading', { level: 1, name: productNameIn('ja', cart) }).waitFor(WAIT)
  await page.goto(shop.url('/cart/list'))
  await page
    .getByRole('spinbutton', { name: ja('数量：{title}').replace('{title}', productNameIn('ja', cart)) })
    .waitFor(WAIT)
  await page.goto(shop.url('/collect/list'))
  await page.getByRole('article', { name: productNameIn('ja', favourite), exact: true }).waitFor(WAIT)
  await page.goto(shop.url('/product-history/list'))
  await page
    .getByRole('article', { name: productNameIn('ja', cart), exact: true })
    .first()
    .waitFor(WAIT)
}

describe('nothing private is left on the device after a logout', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'ja-JP', name: 'private-data' })
  })
  after(async () => {
    await shop?.close()
  })

  it('leaves no price, address, cart or personal field in Cache Storage or IndexedDB', async () => {
    const customer = await signUpCustomer(shop, 'tsukimori-hinagiku@example.com', 'ja')
    const [cart, favourite] = await buyableHotProducts(customer)
    assert.ok(cart && favourite && PRICE_COLUMN, 'the demo catalog has two buyable hot products')
    const memberPrice = cart[PRICE_COLUMN] as number
    await customer.api('POST', '/mall/address/save', ADDRESS)
    await customer.api('POST', `/mall/collect/collectOrDelete/${favourite.id}?collect=true`)

    const { context, page } = await customerPage(shop, customer, 'ja')
    try {
      await page.goto(shop.url('/'))
      await waitForServiceWorker(page)
      // The shopper sees their price, and adds to the cart from the product page.
      await page.goto(shop.url(`/product/${cart.id}`))
      await page.getByText(formatYen(memberPrice, 'ja')).first().waitFor(WAIT)
      await page.getByRole('button', { name: ja('加入购物车'), exact: true }).click()
      await page.getByText(ja('已加入购物车')).first().waitFor(WAIT)
      await browseEverything(page, shop, { cart, favourite })
      await page.goto(shop.url('/address-manage'))
      await page.getByText(ADDRESS.address).first().waitFor(WAIT)
      await page.goto(shop.url('/userinfo'))
      await page.getByText(customer.email).waitFor(WAIT)

      // The probe finds all of it while signed in: what follows is no empty check.
      const before = await readDeviceStorage(page)
      for (const [what, mark] of privateMarks(customer, memberPrice)) {
        assert.notDeepEqual(placesHolding(before.texts, mark), [], `${what} is on the device while signed in`)
      }

      await logOut(page, customer)
      await waitForPrivateCachesGone(page)
      // The home page a visitor sees afterwards fills the visitors' caches: public answers only.
      await page
        .getByRole('heading', { name: ja('热门商品') })
        .first()
        .waitFor(WAIT)

      const afterLogout = await readDeviceStorage(page)
      assert.deepEqual(
        afterLogout.cacheNames.filter((name) => name.startsWith('user-')),
        [],
        'no cache of the shopper',
      )
      for (const [what, mark] of privateMarks(customer, memberPrice)) {
        assert.deepEqual(placesHolding(afterLogout.texts, mark), [], `no ${what} after the logout`)
      }
    } finally {
      await context.close()
    }
  })

  it('never shows the first shopper’s prices, cart or favourites to the next one offline', async () => {
    const first = await signUpCustomer(shop, 'kisaragi-first@example.com', 'ja')
    const second = await signUpCustomer(shop, 'kisaragi-second@example.com', 'ja')
    const [cart, favourite] = await buyableHotProducts(first)
    assert.ok(cart && favourite && PRICE_COLUMN)
    const memberPrice = formatYen(cart[PRICE_COLUMN] as number, 'ja')
    await first.api('POST', '/mall/cart/addToCart', {
      productId: cart.id,
      productAmount: 1,
      productType: cart.type,
    })
    await first.api('POST', `/mall/collect/collectOrDelete/${favourite.id}?collect=true`)
    const firstOwner = readSessionClaims(first.token)?.sub
    assert.ok(firstOwner)

    const { context, page } = await customerPage(shop, first, 'ja')
    try {
      await page.goto(shop.url('/'))
      await waitForServiceWorker(page)
      await browseEverything(page, shop, { cart, favourite })
      await page.goto(shop.url(`/product/${cart.id}`))
      await page.getByText(memberPrice).first().waitFor(WAIT)
      await logOut(page, first)
      await waitForPrivateCachesGone(page)

      // The second shopper signs in on the same browser, then loses the network.
      await page.goto(shop.url('/login'))
      await page.locator('input[name="username"]').fill(second.email)
      await page.locator('input[name="password"]').fill(PASSWORD)
      await page.getByRole('button', { name: ja('登录'), exact: true }).click()
      await page.getByRole('button', { name: /kisaragi-second/ }).waitFor(WAIT)
      await page
        .getByRole('heading', { name: ja('热门商品') })
        .first()
        .waitFor(WAIT)

      await context.setOffline(true)
      const firstsCaches = (await readDeviceStorage(page)).cacheNames.filter((name) =>
        name.startsWith(`user-customer-${firstOwner}-`),
      )
      assert.deepEqual(firstsCaches, [], 'none of the first shopper’s caches is left')

      for (const path of ['/product-hot/list', `/product/${cart.id}`]) {
        await page.goto(shop.url(path))
        // never opened by this shopper: the offline page, not the first one's page
        await page
          .getByRole('heading', { level: 1, name: ja('当前离线，这一页还没有保存在本机') })
          .waitFor(WAIT)
        assert.equal(await page.getByText(memberPrice).count(), 0, `${path}: no price of the first shopper`)
      }
      await page.goto(shop.url('/cart/list'))
      await page
        .getByRole('heading', { level: 1, name: ja('购物车（{lineCount}）').replace('{lineCount}', '0') })
        .waitFor(WAIT)
      assert.equal(await page.getByRole('spinbutton').count(), 0, 'no cart line of the first shopper')
      assert.equal(await page.getByText(productNameIn('ja', cart)).count(), 0)

      await page.goto(shop.url('/collect/list'))
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor(WAIT)
      assert.equal(
        await page.getByRole('article', { name: productNameIn('ja', favourite), exact: true }).count(),
        0,
        'no favourite of the first shopper',
      )
      await page.screenshot({ path: screenshotPath('private-second-shopper-offline-ja'), fullPage: true })
    } finally {
      await context.setOffline(false)
      await context.close()
    }
  })
})
