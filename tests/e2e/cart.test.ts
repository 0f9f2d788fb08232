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
export async function addableHotProducts(customer: Customer, language: Language): Promise<ProductCardDto[]> {
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
})
