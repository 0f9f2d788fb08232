import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { freePort } from '../../scripts/cluster/free-port.ts'
import type { Language } from '../../src/domain/language.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayRoute } from '../../src/domain/payments.ts'
import { formatYen } from '../../src/domain/price-display.ts'
import { type PaypalEmulator, startPaypalEmulator } from '../support/paypal-emulator.ts'
import { type SbpsEmulator, startSbpsEmulator } from '../support/sbps-emulator.ts'
import { type StripeEmulator, startStripeEmulator } from '../support/stripe-emulator.ts'
import { screenshotPath } from './browser.ts'
import {
  choosePayMethod,
  confirmOrder,
  openConfirmation,
  orderDetail,
  payPanel,
  shopperWithCart,
  textIn,
  WAIT,
  waitForReturnPage,
} from './checkout-steps.ts'
import { customerPage } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

/*
 * The real adapters in a real browser: the shop configured with Stripe, SB Payment Service and PayPal
 * credentials, each provider's base URL pointing at its emulator. A shopper pays a deposit through each
 * provider's hosted page and lands on the shop's result page with the deposit paid, confirmed by the
 * provider's signed webhook.
 */

const STRIPE = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e' }
const SBPS = { merchantId: '30132', serviceId: '002', hashKey: 'e2e-hash-key-0123456789abcdef' }
const PAYPAL = { clientId: 'e2e-client', clientSecret: 'e2e-secret', webhookId: 'WH-E2E' }

interface ProviderCase {
  route: PayRoute
  method: number
  language: Language
  /** From the pay panel's Pay to the provider's page, paying there, until the browser is back. */
  payAtProvider(page: Page): Promise<void>
}

describe('paying a deposit through each real adapter against its emulator', () => {
  let shop: RunningShop
  let stripe: StripeEmulator
  let sbps: SbpsEmulator
  let paypal: PaypalEmulator

  before(async () => {
    const port = await freePort()
    const shopUrl = `http://127.0.0.1:${port}`
    stripe = await startStripeEmulator({ ...STRIPE, webhookUrl: `${shopUrl}/api/pay/webhook/stripe` })
    sbps = await startSbpsEmulator(SBPS)
    paypal = await startPaypalEmulator({ ...PAYPAL, webhookUrl: `${shopUrl}/api/pay/webhook/paypal` })
    shop = await startShop({
      locale: 'zh-CN',
      name: 'providers',
      env: {
        PORT: String(port),
        PUBLIC_URL: shopUrl,
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_BASE: stripe.baseUrl,
        SBPS_MERCHANT_ID: SBPS.merchantId,
        SBPS_SERVICE_ID: SBPS.serviceId,
        SBPS_HASH_KEY: SBPS.hashKey,
        SBPS_API_BASE: sbps.baseUrl,
        PAYPAL_CLIENT_ID: PAYPAL.clientId,
        PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
        PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
        PAYPAL_API_BASE: paypal.baseUrl,
      },
    })
  })
  after(async () => {
    await shop?.close()
    await Promise.all([stripe?.close(), sbps?.close(), paypal?.close()])
  })

  const cases: ProviderCase[] = [
    {
      route: 'card',
      method: 1,
      language: 'zhCn',
      async payAtProvider(page) {
        await page.waitForURL(
          (url) => url.origin === stripe.baseUrl && url.pathname.startsWith('/pay/'),
          WAIT,
        )
        await page.getByText('Stripe emulator · test mode').waitFor(WAIT)
        await page.screenshot({ path: screenshotPath('provider-stripe-hosted-page'), fullPage: true })
        await page.getByRole('button', { name: 'Pay', exact: true }).click()
      },
    },
    {
      route: 'sbps',
      method: 1,
      language: 'ja',
      async payAtProvider(page) {
        // The shop's own Shift_JIS form page submits itself to SBPS's purchase endpoint.
        await page.waitForURL((url) => url.origin === sbps.baseUrl, WAIT)
        await page.getByText('Yoyaku ご注文').first().waitFor(WAIT)
        await page.screenshot({ path: screenshotPath('provider-sbps-hosted-page'), fullPage: true })
        await page.getByRole('button', { name: 'Pay', exact: true }).click()
      },
    },
    {
      route: 'paypal',
      method: 0,
      language: 'en',
      async payAtProvider(page) {
        await page.waitForURL((url) => url.origin === paypal.baseUrl && url.pathname === '/checkoutnow', WAIT)
        await page.screenshot({ path: screenshotPath('provider-paypal-approve-page'), fullPage: true })
        await page.getByRole('button', { name: 'Approve', exact: true }).click()
      },
    },
  ]

  for (const { route, method, language, payAtProvider } of cases) {
    it(`pays the deposit through ${route}'s provider page in ${language}`, async () => {
      const t = (source: string) => textIn(language, source)
      const shopper = await shopperWithCart(shop, `provider-${route}@example.com`, language)
      const { customer } = shopper
      const { context, page } = await customerPage(shop, customer, language)
      try {
        const dialog = await openConfirmation(page, shopper, shop.url('/cart/list'))
        const orderId = await confirmOrder(page, dialog, language)
        const order = await orderDetail(customer, orderId)
        const amount = order.balance > 0 ? order.deposit : order.total
        // A real provider serves this route: no test-mode notice.
        await choosePayMethod(page, language, route, method)
        assert.equal(
          await payPanel(page, language)
            .getByText(t('测试模式：付款通过沙盒支付平台进行，不会产生真实扣款。'))
            .count(),
          0,
        )
        await payPanel(page, language)
          .getByRole('button', { name: t('立即付款'), exact: true })
          .click()

        await payAtProvider(page)

        const [payment] = (await orderDetail(customer, orderId)).payments
        assert.ok(payment, 'the pay call recorded the attempt')
        await waitForReturnPage(page, '/order-success', payment.id)
        await page.getByRole('heading', { name: t('定金已支付'), exact: true }).waitFor(WAIT)
        await page.getByText(formatYen(amount, language)).filter({ visible: true }).first().waitFor(WAIT)
        await page.screenshot({ path: screenshotPath(`provider-${route}-success`), fullPage: true })

        const paid = await orderDetail(customer, orderId)
        assert.equal(paid.status, OrderStatus.waitOrder)
        assert.equal(paid.paidAmount, amount)
        assert.deepEqual(
          paid.payments.map((entry) => [entry.route, entry.gateway, entry.status, entry.amount]),
          [[route, route === 'card' ? 'stripe' : route, PaymentStatus.pay, amount]],
        )
      } finally {
        await context.close()
      }
    })
  }
})
