/**
 * `npm run dev:payments`: `npm run dev` with the three real payment adapters switched on and pointed at
 * the local emulators of tests/support/ (Stripe, SB Payment Service, PayPal), so every route can be
 * clicked through in a browser with the adapters' real requests, hosted pages and signed webhooks, and
 * no provider account. Ctrl-C stops everything.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { startPaypalEmulator } from '../tests/support/paypal-emulator.ts'
import { startSbpsEmulator } from '../tests/support/sbps-emulator.ts'
import { startStripeEmulator } from '../tests/support/stripe-emulator.ts'

const apiPort = process.env.DEV_API_PORT ?? '8787'
// The browser's origin (Vite, which proxies /api): providers send the shopper back here.
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:5173'
// Webhooks go straight to the API, as a provider's would reach the shop's public host.
const webhook = (gateway: string) => `http://127.0.0.1:${apiPort}/api/pay/webhook/${gateway}`

// Fixed development credentials: they mean something only to these emulators.
const stripe = { secretKey: 'sk_test_dev_emulator', webhookSecret: 'whsec_dev_emulator' }
const sbps = { merchantId: '30132', serviceId: '002', hashKey: 'dev-emulator-hash-key-0123456789abcdef' }
const paypal = {
  clientId: 'dev-emulator-client',
  clientSecret: 'dev-emulator-secret',
  webhookId: 'WH-DEV-EMULATOR',
}

const emulators = [
  await startStripeEmulator({
    ...stripe,
    webhookUrl: webhook('stripe'),
    port: port('DEV_STRIPE_PORT', 12111),
  }),
  await startSbpsEmulator({ ...sbps, port: port('DEV_SBPS_PORT', 12112) }),
  await startPaypalEmulator({
    ...paypal,
    webhookUrl: webhook('paypal'),
    port: port('DEV_PAYPAL_PORT', 12113),
  }),
]
const [stripeEmulator, sbpsEmulator, paypalEmulator] = emulators
console.log(
  `Payment emulators: Stripe ${stripeEmulator?.baseUrl}, SB Payment Service ${sbpsEmulator?.baseUrl}, PayPal ${paypalEmulator?.baseUrl}`,
)

const dev: ChildProcess = spawn(process.execPath, ['scripts/dev.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PUBLIC_URL: publicUrl,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripeEmulator?.baseUrl,
    SBPS_MERCHANT_ID: sbps.merchantId,
    SBPS_SERVICE_ID: sbps.serviceId,
    SBPS_HASH_KEY: sbps.hashKey,
    SBPS_API_BASE: sbpsEmulator?.baseUrl,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_BASE: paypalEmulator?.baseUrl,
  },
})

const stop = () => {
  dev.kill('SIGTERM')
  void Promise.all(emulators.map((emulator) => emulator.close()))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
dev.on('exit', (code) => {
  void Promise.all(emulators.map((emulator) => emulator.close())).finally(() => process.exit(code ?? 0))
})

function port(variable: string, fallback: number): number {
  const value = Number(process.env[variable] ?? fallback)
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${variable} must be a port number (got "${process.env[variable]}")`)
  }
  return value
}
