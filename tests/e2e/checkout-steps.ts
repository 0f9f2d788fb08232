import assert from 'node:assert/strict'
import type { Locator, Page } from 'playwright-core'
import type { AddressDto } from '../../src/domain/address.ts'
import { type CartLineDto, isStockedType } from '../../src/domain/cart.ts'
import { type ProductCardDto, productNameIn } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import { ORDER_STATUS_INFO, OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDetailDto, OrderDto } from '../../src/domain/orders.ts'
import type { PayAnswer, PayRoute } from '../../src/domain/payments.ts'
import { formatYen, priceColumnFor, SIGN_UP_ROLE } from '../../src/domain/price-display.ts'
import type { Page as ListPage } from '../../src/domain/queries.ts'
import { translated } from './catalog-text.ts'
import { addAddress, type Customer, signUpCustomer } from './customer.ts'
import type { RunningShop } from './shop.ts'

/* The steps of checkout and payment as a shopper takes them, shared by the checkout and console tests. */

export const WAIT = { timeout: 15_000 }

/** A source (zh-CN) message as a shopper of `language` reads it. */
export const textIn = (language: Language, source: string) =>
  language === 'zhCn' ? source : translated(language, source)

/** A message with one placeholder (`{0}`, `{id}`), in the language, with the value put in. */
export const filledIn = (language: Language, source: string, value: string | number) =>
  textIn(language, source).replace(/\{\w+\}/, String(value))

/** An order status as the shop labels it in the language (labels are domain data, not lingui). */
export const statusLabel = (language: Language, status: OrderStatus) =>
  ORDER_STATUS_INFO[status].label[language]

/** How the pay panel names each route's group and the type chosen there. */
export const ROUTE_CHOICE: Record<PayRoute, { group: string; method: (method: number) => string }> = {
  card: { group: '信用卡 / 银行转账', method: (method) => (method === 2 ? '银行转账' : '信用卡') },
  sbps: {
    group: 'SB Payment Service',
    method: (method) => (method === 3 ? 'PayPay' : method === 2 ? '便利店支付' : '信用卡'),
  },
  paypal: { group: 'PayPal', method: () => 'PayPal 账户' },
}

/** A customer ready to check out: signed up, one default address, one product in the cart. */
export interface Shopper {
  customer: Customer
  language: Language
  address: AddressDto
  product: ProductCardDto
  /** The product's name as the shopper reads it. */
  productName: string
}

/**
 * Signs a customer up with an address and puts one product of the hot list in their cart (all through
 * the API): priced in their column, sold singly, not limited by a counted stock; with a deposit when
 * the catalog has one, so the first payment is the deposit.
 */
export async function shopperWithCart(
  shop: RunningShop,
  email: string,
  language: Language,
): Promise<Shopper> {
  const customer = await signUpCustomer(shop, email, language)
  const address = await addAddress(customer)
  const column = priceColumnFor(SIGN_UP_ROLE[language], language)
  const hot = await customer.api<ListPage<ProductCardDto>>(
    'GET',
    `/mall/product/hotListPage?pageSize=30&language=${language}`,
  )
  const addable = hot.list.filter(
    (card) =>
      card.orderBase === 1 && column !== undefined && card[column] !== undefined && !isStockedType(card.type),
  )
  const product = addable.find((card) => card.isFront) ?? addable[0]
  assert.ok(product, 'the demo catalog has a hot product sold singly')
  await customer.api('POST', '/mall/cart/addToCart', {
    productId: product.id,
    productAmount: 1,
    productType: product.type,
  })
  return { customer, language, address, product, productName: productNameIn(language, product) }
}

/** The shopper's orders as placed, newest first (the API's answer). */
export async function ordersOf(customer: Customer): Promise<OrderDto[]> {
  const page = await customer.api<ListPage<OrderDto>>('GET', '/mall/order/list?pageSize=100')
  return page.list
}

export const orderDetail = (customer: Customer, orderId: number) =>
  customer.api<OrderDetailDto>('GET', `/mall/order/${orderId}`)

/** Polls `read` until `done` holds (15 s at most), then asserts it with `message`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  message: string,
): Promise<T> {
  let value = await read()
  for (let tries = 0; tries < 60 && !done(value); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    value = await read()
  }
  assert.ok(done(value), `${message}: ${JSON.stringify(value)}`)
  return value
}

/** The id in /order/{id}, once the page is there. */
export async function waitForOrderPage(page: Page): Promise<number> {
  await page.waitForURL((url) => /^\/order\/\d+$/.test(url.pathname), WAIT)
  return Number(new URL(page.url()).pathname.split('/').pop())
}

/** The id in /sandbox-pay/{paymentId}, once the browser is on the sandbox's page. */
export async function waitForSandboxPage(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'), WAIT)
  return decodeURIComponent(new URL(page.url()).pathname.slice('/sandbox-pay/'.length))
}

/** Waits for a result page (`/order-success` …) of the payment. */
export async function waitForReturnPage(page: Page, path: string, paymentId: string): Promise<void> {
  await page.waitForURL(
    (url) => url.pathname === path && url.searchParams.get('paymentId') === paymentId,
    WAIT,
  )
}

/** The cart's Next, on the selected product, up to the open confirmation. */
export async function openConfirmation(page: Page, shopper: Shopper, cartUrl: string): Promise<Locator> {
  const t = (source: string) => textIn(shopper.language, source)
  await page.goto(cartUrl)
  await page.getByRole('checkbox', { name: shopper.productName, exact: true }).check(WAIT)
  await page.getByRole('button', { name: t('下一步'), exact: true }).click()
  const dialog = page.getByRole('dialog', { name: t('确认订单') })
  await dialog.getByText(shopper.productName).waitFor(WAIT)
  return dialog
}

/** Confirms the open confirmation and lands on the new order's page; answers its id. */
export async function confirmOrder(page: Page, dialog: Locator, language: Language): Promise<number> {
  await dialog.getByRole('button', { name: textIn(language, '提交订单'), exact: true }).click()
  return waitForOrderPage(page)
}

/** The pay panel of the order page (the section headed "付款"). */
export function payPanel(page: Page, language: Language): Locator {
  return page.getByRole('region', { name: textIn(language, '付款'), exact: true })
}

/** Chooses a route and type in the pay panel. */
export async function choosePayMethod(page: Page, language: Language, route: PayRoute, method: number) {
  const choice = ROUTE_CHOICE[route]
  const group = payPanel(page, language).getByRole('group', {
    name: textIn(language, choice.group),
    exact: true,
  })
  const radio = group.getByRole('radio', { name: textIn(language, choice.method(method)), exact: true })
  await radio.check(WAIT)
  return radio
}

/**
 * Resolves once this tab's saved checkout (IndexedDB, idb-keyval's store) holds the chosen route and
 * method. The save follows the click by a few milliseconds, and a reload is resumed from it: a shopper
 * never reloads that fast, a test does.
 */
export async function waitForSavedChoice(page: Page, route: PayRoute, method: number): Promise<void> {
  await eventually(
    () =>
      page.evaluate(
        (wanted) =>
          new Promise<boolean>((resolve) => {
            const opening = indexedDB.open('keyval-store')
            opening.onerror = () => resolve(false)
            opening.onsuccess = () => {
              const reading = opening.result.transaction('keyval').objectStore('keyval').getAll()
              reading.onerror = () => resolve(false)
              reading.onsuccess = () => {
                opening.result.close()
                const saved = reading.result as { snapshot?: { context?: { choice?: unknown } } }[]
                resolve(
                  saved.some(
                    (entry) => JSON.stringify(entry?.snapshot?.context?.choice) === JSON.stringify(wanted),
                  ),
                )
              }
            }
          }),
        { route, method },
      ),
    (stored) => stored,
    `the checkout's saved choice is ${route} ${method}`,
  )
}

/** Presses Pay in the pay panel and follows the browser to the sandbox's page; answers the payment id. */
export async function pressPay(page: Page, language: Language): Promise<string> {
  await payPanel(page, language)
    .getByRole('button', { name: textIn(language, '立即付款'), exact: true })
    .click()
  return waitForSandboxPage(page)
}

/** The sandbox page's Pay button, which names the amount. */
export function sandboxPayButton(page: Page, language: Language, amount: number): Locator {
  return page.getByRole('button', {
    name: filledIn(language, '支付 {0}', formatYen(amount, language)),
    exact: true,
  })
}

/** The sandbox page's other outcomes. */
export function sandboxButton(page: Page, language: Language, outcome: 'decline' | 'cancel'): Locator {
  return page.getByRole('button', {
    name: textIn(language, outcome === 'decline' ? '模拟拒付' : '取消付款'),
    exact: true,
  })
}

/**
 * A paid order made entirely through the API, as a browser would (createOrder, the card route's pay
 * call, the sandbox's Pay button): for tests about what comes after the deposit. Of the shopper's
 * product, or of every line in the cart (`wholeCart`).
 */
export async function paidOrderThroughApi(
  shop: RunningShop,
  shopper: Shopper,
  options: { wholeCart?: boolean } = {},
): Promise<OrderDetailDto> {
  const { customer } = shopper
  const lines = await customer.api<CartLineDto[]>('GET', '/mall/cart/listCart')
  const line = lines.find((entry) => entry.productId === shopper.product.id)
  assert.ok(line, 'the product is in the cart')
  const ordered = options.wholeCart ? lines : [line]
  const order = await customer.api<OrderDto>(
    'POST',
    `/mall/order/createOrder?score=0&language=${shopper.language}`,
    { cartLineIds: ordered.map((entry) => entry.cartId) },
    { 'Idempotency-Key': crypto.randomUUID() },
  )
  const payment = await customer.api<PayAnswer>(
    'POST',
    `/mall/order/orderPay/1/${order.id}?addressId=${shopper.address.id}`,
    undefined,
    { 'Idempotency-Key': crypto.randomUUID() },
  )
  const pressed = await fetch(shop.url(`/api/pay/sandbox/${encodeURIComponent(payment.paymentId)}/paid`), {
    method: 'POST',
    redirect: 'manual',
  })
  assert.equal(pressed.status, 303, 'the sandbox sends the browser back to the shop')
  return eventually(
    () => orderDetail(customer, order.id),
    (detail) => detail.status === OrderStatus.waitOrder,
    'the deposit is paid',
  )
}
