import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import type { AddressDto, UsZipDto } from '../../src/domain/address.ts'
import { type CartLineDto, isStockedType } from '../../src/domain/cart.ts'
import {
  type FavouriteToggleDto,
  type HistoryEntryDto,
  type ProductCardDto,
  productNameIn,
} from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import { priceColumnFor, SIGN_UP_ROLE } from '../../src/domain/price-display.ts'
import type { Page as ListPage } from '../../src/domain/queries.ts'
import { screenshotPath } from './browser.ts'
import { translated } from './catalog-text.ts'
import { type Customer, customerPage, signUpCustomer, waitForServiceWorker } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

const WAIT = { timeout: 15_000 }

const textIn = (language: Language, source: string) =>
  language === 'zhCn' ? source : translated(language, source)

/** A message with one placeholder (`{0}`, `{name}`), in the language, with the value put in. */
const filledIn = (language: Language, source: string, value: string | number) =>
  textIn(language, source).replace(/\{\w+\}/, String(value))

/** The first products of the hot list (its first page, as /product-hot/list shows it). */
async function hotProducts(customer: Customer, language: Language): Promise<ProductCardDto[]> {
  const page = await customer.api<ListPage<ProductCardDto>>(
    'GET',
    `/mall/product/hotListPage?pageNum=1&pageSize=30&language=${language}`,
  )
  return page.list
}

/** Products of the hot list the customer can put in the cart: priced in their column, not limited by a counted stock. */
async function addableHotProducts(customer: Customer, language: Language): Promise<ProductCardDto[]> {
  const column = priceColumnFor(SIGN_UP_ROLE[language], language)
  return (await hotProducts(customer, language)).filter(
    (card) => column !== undefined && card[column] !== undefined && !isStockedType(card.type),
  )
}

/** Polls `read` until `done` holds (15 s at most), then asserts it with `message`. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, message: string) {
  let value = await read()
  for (let tries = 0; tries < 60 && !done(value); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    value = await read()
  }
  assert.ok(done(value), `${message}: ${JSON.stringify(value)}`)
  return value
}

/** Waits until an input shows `value` (a field the ZIP look-up fills). */
async function waitForValue(input: Locator, value: string): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    if ((await input.inputValue()) === value) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  assert.equal(await input.inputValue(), value)
}

/** The error text shown under a field (the message its aria-describedby points at). */
async function errorUnder(field: Locator): Promise<string | undefined> {
  return field.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ')
    const errorId = ids.find((id) => id.endsWith('-error'))
    return errorId ? (document.getElementById(errorId)?.textContent ?? undefined) : undefined
  })
}

function productCard(page: Page, product: ProductCardDto, language: Language): Locator {
  return page.getByRole('article', { name: productNameIn(language, product), exact: true })
}

describe('favourites, history, cart clearing and the address book in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'favourites-addresses' })
  })
  after(async () => {
    await shop?.close()
  })

  it('adds favourites on the product page and removes and clears them in English', async () => {
    const language = 'en'
    const t = (source: string) => textIn(language, source)
    const customer = await signUpCustomer(shop, 'fav-en@example.com', language)
    const [first, second, third] = await hotProducts(customer, language)
    assert.ok(first && second && third, 'the demo catalog has three hot products')
    const isFavourite = async (product: ProductCardDto) =>
      (await customer.api<FavouriteToggleDto>('GET', `/mall/collect/check/${product.id}`)).collected
    const favouriteTotal = async () =>
      (
        await customer.api<ListPage<ProductCardDto>>(
          'GET',
          `/mall/collect/list?pageNum=1&pageSize=30&language=${language}`,
        )
      ).total
    const removeButton = (card: Locator, product: ProductCardDto) =>
      card.getByRole('button', {
        name: filledIn(language, '取消收藏：{0}', productNameIn(language, product)),
        exact: true,
      })
    const { context, page } = await customerPage(shop, customer, language)
    const addOnProductPage = async (product: ProductCardDto) => {
      await page.goto(shop.url(`/product/${product.id}`))
      await page.getByRole('heading', { level: 1, name: productNameIn(language, product) }).waitFor(WAIT)
      const toggle = page.getByRole('button', { name: t('收藏'), exact: true })
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false')
      await toggle.click()
      await page.getByText(t('已加入收藏')).first().waitFor(WAIT)
      await page
        .getByRole('button', { name: t('收藏'), exact: true, pressed: true })
        .waitFor({ timeout: 5000 })
      assert.equal(await isFavourite(product), true, `${product.id} is a favourite on the server`)
    }
    try {
      await addOnProductPage(first)
      await page.goto(shop.url('/collect/list'))
      await page.getByRole('heading', { level: 1, name: t('我的收藏') }).waitFor(WAIT)
      await productCard(page, first, language).waitFor(WAIT)

      await addOnProductPage(second)
      await page.goto(shop.url('/collect/list'))
      await productCard(page, second, language).waitFor(WAIT)
      const firstCard = productCard(page, first, language)
      await firstCard.waitFor(WAIT)
      await removeButton(firstCard, first).click()
      await page.getByText(t('已取消收藏')).first().waitFor(WAIT)
      await firstCard.waitFor({ state: 'detached', timeout: 15_000 })
      await productCard(page, second, language).waitFor(WAIT)
      assert.equal(await isFavourite(first), false, 'the removed favourite is gone on the server')

      // Every list marks a favourite with its bid: the hot list's card of one carries the remove button.
      // As for any returning shopper, the service worker controls the page (and caches the lists).
      await waitForServiceWorker(page)
      await page.goto(shop.url('/product-hot/list'))
      const hotSecond = productCard(page, second, language)
      await hotSecond.waitFor(WAIT)
      await removeButton(hotSecond, second).waitFor(WAIT)
      assert.equal(
        await removeButton(productCard(page, first, language), first).count(),
        0,
        'a product that is no favourite has no remove button',
      )
      await removeButton(hotSecond, second).click()
      await page.getByText(t('已取消收藏')).first().waitFor(WAIT)
      assert.equal(await isFavourite(second), false, 'removed from the hot list, gone on the server')
      // The card reloads without its remove button: the product is no favourite any more.
      await removeButton(hotSecond, second).waitFor({ state: 'detached', timeout: 15_000 })

      // Two favourites again (through the API), then clear them all with the confirmation.
      for (const product of [first, third]) {
        await customer.api('POST', `/mall/collect/collectOrDelete/${product.id}?collect=true`)
      }
      await page.goto(shop.url('/collect/list'))
      await productCard(page, first, language).waitFor(WAIT)
      await productCard(page, third, language).waitFor(WAIT)
      await page.getByRole('button', { name: t('清空收藏'), exact: true }).click()
      const dialog = page.getByRole('dialog', { name: t('清空收藏？') })
      await dialog
        .getByText(filledIn(language, '将取消全部 {total} 件商品的收藏，且无法恢复。', 2))
        .waitFor(WAIT)
      await dialog.getByRole('button', { name: t('清空'), exact: true }).click()
      await page.getByText(t('收藏已清空')).first().waitFor(WAIT)
      await page.getByText(t('还没有收藏'), { exact: true }).waitFor(WAIT)
      assert.equal(await page.getByRole('article').count(), 0)
      assert.equal(await favouriteTotal(), 0, 'the server holds no favourite')
      await page.screenshot({ path: screenshotPath('favourites-cleared-en'), fullPage: true })
    } finally {
      await context.close()
    }
  })

  it('removes one product from the browsing history and clears it in Japanese', async () => {
    const language = 'ja'
    const t = (source: string) => textIn(language, source)
    const customer = await signUpCustomer(shop, 'history-ja@example.com', language)
    const [first, second] = await hotProducts(customer, language)
    assert.ok(first && second, 'the demo catalog has two hot products')
    const historyTotal = async () =>
      (
        await customer.api<ListPage<HistoryEntryDto>>(
          'GET',
          `/mall/history/list?pageNum=1&pageSize=30&language=${language}`,
        )
      ).total
    const { context, page } = await customerPage(shop, customer, language)
    try {
      for (const product of [first, second]) {
        await page.goto(shop.url(`/product/${product.id}`))
        await page.getByRole('heading', { level: 1, name: productNameIn(language, product) }).waitFor(WAIT)
      }
      await eventually(historyTotal, (total) => total === 2, 'both product pages are in the history')

      await page.goto(shop.url('/product-history/list'))
      await page.getByRole('heading', { level: 1, name: t('浏览记录') }).waitFor(WAIT)
      const firstCard = productCard(page, first, language)
      await firstCard.waitFor(WAIT)
      await productCard(page, second, language).waitFor(WAIT)
      await firstCard
        .getByRole('button', {
          name: filledIn(language, '从浏览记录中删除：{0}', productNameIn(language, first)),
          exact: true,
        })
        .click()
      await page.getByText(t('已从浏览记录中删除')).first().waitFor(WAIT)
      await firstCard.waitFor({ state: 'detached', timeout: 15_000 })
      await productCard(page, second, language).waitFor(WAIT)
      assert.equal(await historyTotal(), 1)

      await page.getByRole('button', { name: t('清空浏览记录'), exact: true }).click()
      const dialog = page.getByRole('dialog', { name: t('清空浏览记录？') })
      await dialog.getByText(filledIn(language, '将删除全部 {0} 条浏览记录，且无法恢复。', 1)).waitFor(WAIT)
      await dialog.getByRole('button', { name: t('清空'), exact: true }).click()
      await page.getByText(t('浏览记录已清空')).first().waitFor(WAIT)
      await page.getByText(t('还没有浏览记录'), { exact: true }).waitFor(WAIT)
      assert.equal(await page.getByRole('article').count(), 0)
      assert.equal(await historyTotal(), 0, 'the server holds no history')
      await page.screenshot({ path: screenshotPath('history-cleared-ja'), fullPage: true })
    } finally {
      await context.close()
    }
  })

  it('deletes the selected cart lines and clears the cart in Chinese', async () => {
    const customer = await signUpCustomer(shop, 'cart-clear-zh@example.com', 'zhCn')
    const products = (await addableHotProducts(customer, 'zhCn')).slice(0, 3)
    assert.equal(products.length, 3, 'the demo catalog has three hot products a customer can buy')
    for (const product of products) {
      await customer.api('POST', '/mall/cart/addToCart', {
        productId: product.id,
        productAmount: product.orderBase,
        productType: product.type,
      })
    }
    const cartIds = async () =>
      (await customer.api<CartLineDto[]>('GET', '/mall/cart/listCart')).map((line) => line.productId).sort()
    assert.deepEqual(await cartIds(), products.map((product) => product.id).sort())
    const [kept1, removed, kept2] = products as [ProductCardDto, ProductCardDto, ProductCardDto]

    const { context, page } = await customerPage(shop, customer, 'zhCn')
    try {
      await page.goto(shop.url('/cart/list'))
      await page.getByRole('heading', { level: 1, name: '购物车（3）' }).waitFor(WAIT)
      const selectAll = page.getByRole('checkbox', { name: '全选', exact: true })
      await selectAll.waitFor(WAIT)
      assert.equal(await selectAll.isChecked(), true, 'every line is selected at first')
      await selectAll.uncheck()
      await page.getByRole('button', { name: '删除选中（0）', exact: true }).waitFor(WAIT)
      await page.getByRole('checkbox', { name: removed.productName, exact: true }).check()
      await page.getByRole('button', { name: '删除选中（1）', exact: true }).click()
      await eventually(
        cartIds,
        (ids) => ids.length === 2,
        'the server cart keeps the two lines that were not selected',
      )
      assert.deepEqual(await cartIds(), [kept1.id, kept2.id].sort())
      await page.getByRole('heading', { level: 1, name: '购物车（2）' }).waitFor(WAIT)
      await page.getByRole('checkbox', { name: removed.productName, exact: true }).waitFor({
        state: 'detached',
        timeout: 15_000,
      })

      await page.getByRole('button', { name: '清空购物车', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: '清空购物车？' })
      await dialog.getByText('将删除购物车中的全部 2 种商品，且无法恢复。').waitFor(WAIT)
      await dialog.getByRole('button', { name: '清空', exact: true }).click()
      await eventually(cartIds, (ids) => ids.length === 0, 'the server cart is empty')
      await page.getByText('购物车是空的', { exact: true }).waitFor(WAIT)
      await page.getByRole('heading', { level: 1, name: '购物车（0）' }).waitFor(WAIT)
      await page.screenshot({ path: screenshotPath('cart-cleared-zhCn'), fullPage: true })
    } finally {
      await context.close()
    }
  })

  for (const { language, phone } of [
    { language: 'zhCn', phone: true },
    { language: 'en', phone: false },
  ] as const) {
    it(`keeps an address book with a US ZIP look-up in ${language} on a ${phone ? 'phone' : 'desktop'}`, async () => {
      const t = (source: string) => textIn(language, source)
      const customer = await signUpCustomer(shop, `address-${language}@example.com`, language)
      const place = await customer.api<UsZipDto>('GET', '/mall/uszip/state-city?zip=10001')
      const addresses = () => customer.api<AddressDto[]>('GET', '/mall/address/list')
      const { context, page } = await customerPage(shop, customer, language, { phone })
      const dialog = page.getByRole('dialog', { name: t('添加地址') })
      const field = (label: string) => dialog.getByLabel(t(label), { exact: true })
      const fillRequired = async (fields: {
        firstName: string
        lastName: string
        telephone: string
        address: string
      }) => {
        await field('名').fill(fields.firstName)
        await field('姓').fill(fields.lastName)
        await field('电话').fill(fields.telephone)
        await field('详细地址').fill(fields.address)
      }
      const cardOf = (firstName: string, lastName: string) =>
        page.getByRole('article', {
          name: language === 'en' ? `${firstName} ${lastName}` : `${lastName} ${firstName}`,
          exact: true,
        })
      try {
        await page.goto(shop.url('/address-manage'))
        await page.getByRole('heading', { level: 1, name: t('收货地址') }).waitFor(WAIT)
        await page.getByText(t('还没有收货地址'), { exact: true }).waitFor(WAIT)
        await page.getByRole('button', { name: t('添加地址'), exact: true }).click()
        await dialog.waitFor(WAIT)

        // An empty form is refused with a message under each required field, in the shown language.
        await dialog.getByRole('button', { name: t('保存'), exact: true }).click()
        await page.waitForFunction(
          () => document.querySelector('[role="dialog"] [aria-invalid="true"]'),
          undefined,
          WAIT,
        )
        for (const label of ['名', '姓', '电话', '邮编', '详细地址']) {
          assert.equal(await errorUnder(field(label)), t('必填'), `${label} is required`)
        }
        assert.equal(await errorUnder(field('国家/地区')), t('请选择本店支持的国家或地区'))
        for (const label of ['省/州（选填）', '城市（选填）', '店铺/公司名（选填）']) {
          assert.equal(await errorUnder(field(label)), undefined, `${label} is optional`)
        }
        await page.screenshot({ path: screenshotPath(`address-refused-${language}`), fullPage: true })

        // A US address: the ZIP fills the state and the city by itself.
        await field('国家/地区').selectOption('美国')
        await field('邮编').fill('10001')
        await dialog
          .getByText(filledIn(language, '已按邮编填写州和城市：{where}', `${place.city}, ${place.state}`))
          .waitFor(WAIT)
        await waitForValue(field('省/州（选填）'), place.state)
        await waitForValue(field('城市（选填）'), place.city)
        assert.equal(await field('省/州（英文）').inputValue(), place.state)
        assert.equal(await field('城市（英文）').inputValue(), place.city)
        await fillRequired({
          firstName: 'Ada',
          lastName: 'Lovelace',
          telephone: '+1 212 555 0100',
          address: '350 Fifth Avenue',
        })
        await dialog.getByRole('button', { name: t('保存'), exact: true }).click()
        await page.getByText(t('地址已保存')).first().waitFor(WAIT)
        await dialog.waitFor({ state: 'detached', timeout: 15_000 })
        const firstCard = cardOf('Ada', 'Lovelace')
        await firstCard.waitFor(WAIT)
        await firstCard.getByText(t('默认地址'), { exact: true }).waitFor(WAIT)
        await firstCard.getByText(place.city, { exact: false }).waitFor(WAIT)
        const [saved] = await addresses()
        assert.equal(saved?.province, place.state)
        assert.equal(saved?.city, place.city)
        assert.equal(saved?.acquiescent, 1, 'the first address is the default')

        // A second address, made the default from its card.
        await page.getByRole('button', { name: t('添加地址'), exact: true }).click()
        await dialog.waitFor(WAIT)
        await field('国家/地区').selectOption('英国')
        await field('邮编').fill('SW1A 1AA')
        await fillRequired({
          firstName: 'Grace',
          lastName: 'Hopper',
          telephone: '+44 20 7946 0000',
          address: '10 Downing Street',
        })
        await dialog.getByRole('button', { name: t('保存'), exact: true }).click()
        await page.getByText(t('地址已保存')).first().waitFor(WAIT)
        await dialog.waitFor({ state: 'detached', timeout: 15_000 })
        const secondCard = cardOf('Grace', 'Hopper')
        await secondCard.waitFor(WAIT)
        await page
          .getByText(
            filledIn(language, '已保存 {total} / {MAX_ADDRESSES} 个', 2).replace('{MAX_ADDRESSES}', '50'),
          )
          .waitFor(WAIT)
        const [firstId, secondId] = [
          (await addresses()).find((address) => address.firstName === 'Ada')?.id,
          (await addresses()).find((address) => address.firstName === 'Grace')?.id,
        ]
        assert.ok(firstId && secondId)

        await secondCard.getByRole('button', { name: t('设为默认'), exact: true }).click()
        await page.getByText(t('已设为默认地址')).first().waitFor(WAIT)
        await secondCard.getByText(t('默认地址'), { exact: true }).waitFor(WAIT)
        const defaults = (await addresses()).filter((address) => address.acquiescent === 1)
        assert.deepEqual(
          defaults.map((address) => address.id),
          [secondId],
          'exactly one default, the second address',
        )

        // Deleting the default asks first; the other address becomes the default.
        await secondCard.getByRole('button', { name: t('删除'), exact: true }).click()
        const confirm = page.getByRole('dialog', { name: t('删除这个地址？') })
        await confirm.getByText(t('这是默认地址；删除后，最近添加的地址会成为默认地址。')).waitFor(WAIT)
        await confirm.getByRole('button', { name: t('删除'), exact: true }).click()
        await page.getByText(t('地址已删除')).first().waitFor(WAIT)
        await secondCard.waitFor({ state: 'detached', timeout: 15_000 })
        await firstCard.getByText(t('默认地址'), { exact: true }).waitFor(WAIT)
        const left = await addresses()
        assert.deepEqual(
          left.map((address) => [address.id, address.acquiescent]),
          [[firstId, 1]],
          'the first address is left, and it is the default',
        )
        await page.screenshot({ path: screenshotPath(`address-book-${language}`), fullPage: true })
      } finally {
        await context.close()
      }
    })
  }
})
