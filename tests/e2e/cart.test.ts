import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { type CartLineDto, isStockedType } from '../../src/domain/cart.ts'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import { priceColumnFor, SIGN_UP_ROLE } from '../../src/domain/price-display.ts'
import { screenshotPath } from './browser.ts'
import { translated } from './catalog-text.ts'
import { type Customer, customerPage, signUpCustomer, waitForServiceWorker } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

const textIn = (language: Language, source: string) =>
  language === 'zhCn' ? source : translated(language, source)

/** The cart as the server holds it: product id → amount. */
async function serverCart(customer: Customer): Promise<Record<number, number>> {
  const lines = await customer.api<CartLineDto[]>('GET', '/mall/cart/listCart')
  return Object.fromEntries(lines.map((line) => [line.productId, line.productAmount]))
}

/**
 * Products of the hot list a card can add for this customer: priced in their column, sold singly
 * (order base 1), not limited by a counted stock, not in the cart yet.
 */
async function addableHotProducts(customer: Customer, language: Language): Promise<ProductCardDto[]> {
  const column = priceColumnFor(SIGN_UP_ROLE[language], language)
  const page = await customer.api<{ list: ProductCardDto[] }>(
    'GET',
    `/mall/product/hotListPage?pageSize=30&language=${language}`,
  )
  const cart = await customer.api<CartLineDto[]>('GET', '/mall/cart/listCart')
  return page.list.filter(
    (card) =>
      card.orderBase === 1 &&
      column !== undefined &&
      card[column] !== undefined &&
      !isStockedType(card.type) &&
      !cart.some((line) => line.productId === card.id),
  )
}

/** Waits until an input shows `value` (a stepper after a click, a page after a reload). */
async function waitForValue(input: Locator, value: string): Promise<void> {
  for (let tries = 0; tries < 40; tries++) {
    if ((await input.inputValue()) === value) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.equal(await input.inputValue(), value)
}

function cardOf(page: Page, product: ProductCardDto, language: Language): Locator {
  const name = language === 'ja' ? product.jpProductName : language === 'en' ? product.enProductName : null
  return page.getByRole('article', { name: name ?? product.productName, exact: true })
}

describe('the cart in a real browser: adding, changing, offline and back', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'cart' })
  })
  after(async () => {
    await shop?.close()
  })

  for (const language of ['zhCn', 'ja', 'en'] as const) {
    it(`adds from a list card and from a product page in ${language}`, async () => {
      const t = (source: string) => textIn(language, source)
      const customer = await signUpCustomer(shop, `cart-${language}@example.com`, language)
      const [fromCard, fromPage] = await addableHotProducts(customer, language)
      assert.ok(fromCard && fromPage, 'the demo catalog has two hot products sold singly')
      const { context, page } = await customerPage(shop, customer, language)
      try {
        await page.goto(shop.url('/product-hot/list'))
        const card = cardOf(page, fromCard, language)
        await card.getByRole('button', { name: new RegExp(`^${t('加入购物车')}`) }).click()
        await page.getByText(t('已加入购物车')).first().waitFor()

        await page.goto(shop.url(`/product/${fromPage.id}`))
        await page.getByRole('heading', { level: 1 }).waitFor()
        await page.getByRole('button', { name: t('加入购物车'), exact: true }).click()
        await page.getByText(t('已加入购物车')).first().waitFor()

        assert.deepEqual(await serverCart(customer), { [fromCard.id]: 1, [fromPage.id]: 1 })
        await page.screenshot({ path: screenshotPath(`cart-added-${language}`) })
      } finally {
        await context.close()
      }
    })
  }

  it('keeps changes made offline across a reload and sends them once when back online', async () => {
    const customer = await signUpCustomer(shop, 'cart-offline@example.com', 'zhCn')
    const [first, second] = await addableHotProducts(customer, 'zhCn')
    assert.ok(first && second, 'the demo catalog has two hot products sold singly')
    await customer.api('POST', '/mall/cart/addToCart', {
      productId: first.id,
      productAmount: 1,
      productType: first.type,
    })
    const { context, page } = await customerPage(shop, customer, 'zhCn')
    const quantityOf = (product: ProductCardDto) =>
      page.getByRole('spinbutton', { name: `数量：${product.productName}` })
    try {
      // Online first: the service worker takes over and keeps the app and the list for offline use.
      await page.goto(shop.url('/product-hot/list'))
      await waitForServiceWorker(page)
      await page.reload()
      await cardOf(page, second, 'zhCn').waitFor()
      await page.goto(shop.url('/cart/list'))
      assert.equal(await quantityOf(first).inputValue(), '1')

      await context.setOffline(true)
      await page.goto(shop.url('/product-hot/list'))
      await cardOf(page, second, 'zhCn')
        .getByRole('button', { name: /^加入购物车/ })
        .click()
      await page.getByText('当前离线：已保存在本设备，联网后自动加入购物车').waitFor()
      await page.goto(shop.url('/cart/list'))
      await page.getByRole('button', { name: '增加 1' }).first().waitFor()
      await page
        .getByRole('listitem')
        .filter({ has: quantityOf(first) })
        .getByRole('button', { name: '增加 1' })
        .click()
      await waitForValue(quantityOf(first), '2')
      // Let the stepper settle its change into the queue before the reload.
      await page.waitForTimeout(1000)

      await page.reload()
      await quantityOf(second).waitFor()
      assert.equal(await quantityOf(first).inputValue(), '2')
      assert.equal(await quantityOf(second).inputValue(), '1')
      assert.deepEqual(
        await serverCart(customer),
        { [first.id]: 1 },
        'nothing reached the server while offline',
      )
      await page.screenshot({ path: screenshotPath('cart-offline-zhCn'), fullPage: true })

      await context.setOffline(false)
      const expected = { [first.id]: 2, [second.id]: 1 }
      for (let tries = 0; tries < 60; tries++) {
        if (JSON.stringify(await serverCart(customer)) === JSON.stringify(expected)) break
        await page.waitForTimeout(250)
      }
      assert.deepEqual(await serverCart(customer), expected)
      await page.getByText('待同步').first().waitFor({ state: 'detached' })
      // Sent exactly once: a reload online shows the same cart.
      await page.reload()
      await quantityOf(second).waitFor()
      assert.equal(await quantityOf(first).inputValue(), '2')
      assert.deepEqual(await serverCart(customer), expected)
    } finally {
      await context.close()
    }
  })
})
