import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import type { Language } from '../../src/domain/language.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayRoute } from '../../src/domain/payments.ts'
import { formatYen } from '../../src/domain/price-display.ts'
import { screenshotPath } from './browser.ts'
import {
  choosePayMethod,
  confirmOrder,
  eventually,
  filledIn,
  openConfirmation,
  orderDetail,
  ordersOf,
  payPanel,
  pressPay,
  type Shopper,
  sandboxButton,
  sandboxPayButton,
  shopperWithCart,
  statusLabel,
  textIn,
  WAIT,
  waitForOrderPage,
  waitForReturnPage,
  waitForSavedChoice,
} from './checkout-steps.ts'
import { customerPage } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

/** What each language's shopper pays with: every route once. */
const ROUTE_OF: Record<Language, { route: PayRoute; method: number }> = {
  zhCn: { route: 'card', method: 1 },
  ja: { route: 'sbps', method: 2 },
  en: { route: 'paypal', method: 0 },
}

/** The order's card in the order list (titled with its number). */
function orderCard(page: Page, language: Language, orderId: number) {
  return page.getByRole('article', { name: filledIn(language, '订单号 {id}', orderId), exact: true })
}

/** The value shown for a term (`已付`, `定金` …) inside a list of terms. */
function termValue(scope: ReturnType<Page['locator']>, term: string) {
  return scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
}

/** The sandbox page of a payment shows the test mode and the amount it charges. */
async function expectSandboxPage(page: Page, language: Language, amount: number) {
  const t = (source: string) => textIn(language, source)
  await page.getByRole('heading', { level: 1, name: t('Yoyaku 测试支付网关') }).waitFor(WAIT)
  await page.getByText(t('测试模式')).first().waitFor(WAIT)
  await page.getByText(formatYen(amount, language), { exact: true }).waitFor(WAIT)
  await sandboxPayButton(page, language, amount).waitFor(WAIT)
}

describe('checkout and the deposit in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'checkout' })
  })
  after(async () => {
    await shop?.close()
  })

  for (const language of ['zhCn', 'ja', 'en'] as const) {
    const { route, method } = ROUTE_OF[language]
    it(`orders from the cart and pays the deposit through the ${route} route in ${language}`, async () => {
      const t = (source: string) => textIn(language, source)
      const shopper = await shopperWithCart(shop, `checkout-${language}@example.com`, language)
      const { customer } = shopper
      const { context, page } = await customerPage(shop, customer, language)
      try {
        const dialog = await openConfirmation(page, shopper, shop.url('/cart/list'))
        const orderId = await confirmOrder(page, dialog, language)

        const order = await orderDetail(customer, orderId)
        assert.equal(order.status, OrderStatus.waitPay)
        assert.deepEqual(
          order.lines.map((line) => line.productId),
          [shopper.product.id],
        )
        const amount = order.balance > 0 ? order.deposit : order.total
        const panel = payPanel(page, language)
        await panel.getByText(t('测试模式：付款通过沙盒支付平台进行，不会产生真实扣款。')).waitFor(WAIT)
        await page.getByText(statusLabel(language, OrderStatus.waitPay), { exact: true }).first().waitFor()
        await choosePayMethod(page, language, route, method)
        await page.screenshot({ path: screenshotPath(`checkout-order-pay-${language}`), fullPage: true })

        const paymentId = await pressPay(page, language)
        await expectSandboxPage(page, language, amount)
        await page.screenshot({ path: screenshotPath(`checkout-sandbox-${language}`), fullPage: true })

        await sandboxPayButton(page, language, amount).click()
        await waitForReturnPage(page, '/order-success', paymentId)
        await page.getByRole('heading', { name: t('定金已支付'), exact: true }).waitFor(WAIT)
        await page.getByText(formatYen(amount, language)).filter({ visible: true }).first().waitFor()
        await page.screenshot({ path: screenshotPath(`checkout-success-${language}`), fullPage: true })

        const paid = await orderDetail(customer, orderId)
        assert.equal(paid.status, OrderStatus.waitOrder)
        assert.equal(paid.paidAmount, amount)
        assert.deepEqual(
          paid.payments.map((payment) => [payment.id, payment.route, payment.status, payment.amount]),
          [[paymentId, route, PaymentStatus.pay, amount]],
        )

        await page.goto(shop.url('/order-list/list'))
        const card = orderCard(page, language, orderId)
        await card.getByText(statusLabel(language, OrderStatus.waitOrder), { exact: true }).waitFor(WAIT)
        assert.equal(await termValue(card, t('已付')).textContent(), formatYen(amount, language))
        assert.equal(await termValue(card, t('定金')).textContent(), formatYen(order.deposit, language))
      } finally {
        await context.close()
      }
    })
  }

  it('keeps the order payable after a declined and a cancelled payment, then takes the deposit', async () => {
    const language = 'zhCn'
    const shopper = await shopperWithCart(shop, 'checkout-declined@example.com', language)
    const { customer } = shopper
    const { context, page } = await customerPage(shop, customer, language)
    try {
      const orderId = await confirmOrder(
        page,
        await openConfirmation(page, shopper, shop.url('/cart/list')),
        language,
      )
      const order = await orderDetail(customer, orderId)
      const amount = order.balance > 0 ? order.deposit : order.total

      // Declined: the error page says why; nothing was taken and the order still waits for payment.
      await choosePayMethod(page, language, 'card', 1)
      const declinedId = await pressPay(page, language)
      await sandboxButton(page, language, 'decline').click()
      await waitForReturnPage(page, '/order-error', declinedId)
      await page.getByRole('heading', { name: '付款失败，请稍后再试', exact: true }).waitFor(WAIT)
      await page
        .getByRole('alert')
        .filter({ hasText: filledIn(language, '支付平台拒绝了这笔付款（{why}）。', '卡被拒绝') })
        .waitFor()
      const afterDecline = await orderDetail(customer, orderId)
      assert.equal(afterDecline.status, OrderStatus.waitPay)
      assert.deepEqual(
        afterDecline.payments.map((payment) => [payment.id, payment.status]),
        [[declinedId, PaymentStatus.cancel]],
      )

      // Back to the order: the pay panel again. Cancelled at the gateway: the cancel page.
      await page.getByRole('link', { name: '重新付款', exact: true }).click()
      assert.equal(await waitForOrderPage(page), orderId)
      await choosePayMethod(page, language, 'card', 2)
      const cancelledId = await pressPay(page, language)
      assert.notEqual(cancelledId, declinedId, 'a new attempt is a new payment')
      await sandboxButton(page, language, 'cancel').click()
      await waitForReturnPage(page, '/order-cancel', cancelledId)
      await page.getByRole('heading', { name: '付款已取消', exact: true }).waitFor(WAIT)
      const afterCancel = await orderDetail(customer, orderId)
      assert.equal(afterCancel.status, OrderStatus.waitPay)
      assert.equal(afterCancel.paidAmount, 0)

      // And the third attempt pays.
      await page.getByRole('link', { name: '重新付款', exact: true }).click()
      assert.equal(await waitForOrderPage(page), orderId)
      await choosePayMethod(page, language, 'card', 1)
      const paidId = await pressPay(page, language)
      await sandboxPayButton(page, language, amount).click()
      await waitForReturnPage(page, '/order-success', paidId)
      await page.getByRole('heading', { name: '定金已支付', exact: true }).waitFor(WAIT)
      const paid = await orderDetail(customer, orderId)
      assert.equal(paid.status, OrderStatus.waitOrder)
      assert.equal(paid.paidAmount, amount)
      assert.deepEqual(
        new Map(paid.payments.map((payment) => [payment.id, payment.status])),
        new Map([
          [declinedId, PaymentStatus.cancel],
          [cancelledId, PaymentStatus.cancel],
          [paidId, PaymentStatus.pay],
        ]),
      )
    } finally {
      await context.close()
    }
  })

  it('resumes checkout where it was after reloads, with one order and one payment', async () => {
    const language = 'ja'
    const t = (source: string) => textIn(language, source)
    const shopper: Shopper = await shopperWithCart(shop, 'checkout-reload@example.com', language)
    const { customer } = shopper
    const { context, page } = await customerPage(shop, customer, language)
    try {
      // A reload on the confirmation orders nothing: the cart is as it was.
      await openConfirmation(page, shopper, shop.url('/cart/list'))
      await page.reload()
      await page.getByRole('checkbox', { name: shopper.productName, exact: true }).waitFor(WAIT)
      assert.deepEqual(await ordersOf(customer), [], 'no order before the confirmation')

      const orderId = await confirmOrder(
        page,
        await openConfirmation(page, shopper, shop.url('/cart/list')),
        language,
      )

      // A reload on the order page keeps the route and type chosen.
      const chosen = await choosePayMethod(page, language, 'sbps', 3)
      await waitForSavedChoice(page, 'sbps', 3)
      await page.reload()
      assert.equal(await waitForOrderPage(page), orderId)
      // A loaded machine may take a while to draw the reloaded page: look again until it is there.
      await eventually(
        () => chosen.isChecked({ timeout: 1000 }).catch(() => false),
        (checked) => checked,
        'PayPay is still chosen after the reload',
      )
      const order = await orderDetail(customer, orderId)
      const amount = order.balance > 0 ? order.deposit : order.total
      assert.deepEqual(order.payments, [], 'no payment before Pay')

      // A reload on the sandbox page shows the same payment.
      const paymentId = await pressPay(page, language)
      await expectSandboxPage(page, language, amount)
      await page.reload()
      await expectSandboxPage(page, language, amount)
      assert.equal(decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? ''), paymentId)

      await sandboxPayButton(page, language, amount).click()
      await waitForReturnPage(page, '/order-success', paymentId)
      await page.getByRole('heading', { name: t('定金已支付'), exact: true }).waitFor(WAIT)
      // A reload of the result page still shows the payment, and pays nothing again.
      await page.reload()
      await page.getByRole('heading', { name: t('定金已支付'), exact: true }).waitFor(WAIT)

      const orders = await ordersOf(customer)
      assert.deepEqual(
        orders.map((entry) => [entry.id, entry.status]),
        [[orderId, OrderStatus.waitOrder]],
        'one order',
      )
      const paid = await orderDetail(customer, orderId)
      assert.deepEqual(
        paid.payments.map((payment) => [payment.id, payment.route, payment.method, payment.status]),
        [[paymentId, 'sbps', 3, PaymentStatus.pay]],
        'one payment, paid once',
      )
    } finally {
      await context.close()
    }
  })
})
