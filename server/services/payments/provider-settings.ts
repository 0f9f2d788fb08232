/**
 * The real providers' settings (flows §3 'Which adapter runs'), read once from the environment by
 * server/env.ts. A provider is configured when all of its credentials are set; its base URL defaults to
 * its production host and points at a local emulator in tests and `npm run dev:payments`.
 */
export interface ProviderSettings {
  stripe?: StripeSettings
  sbps?: SbpsSettings
  paypal?: PaypalSettings
}

export interface StripeSettings {
  /** STRIPE_SECRET_KEY (sk_live_… / sk_test_…). */
  secretKey: string
  /** STRIPE_WEBHOOK_SECRET (whsec_…): the signing secret of the shop's webhook endpoint. */
  webhookSecret: string
  /** STRIPE_API_BASE, default https://api.stripe.com. */
  apiBase: string
}

export interface SbpsSettings {
  /** SBPS_MERCHANT_ID: 5 digits. */
  merchantId: string
  /** SBPS_SERVICE_ID: 3 digits. */
  serviceId: string
  /** SBPS_HASH_KEY: appended to the values before SHA-1 (sps_hashcode). */
  hashKey: string
  /** SBPS_API_BASE, default https://fep.sps-system.com (test: https://stbfep.sps-system.com). */
  apiBase: string
}

export interface PaypalSettings {
  /** PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: the REST app's credentials (OAuth2 client credentials). */
  clientId: string
  clientSecret: string
  /** PAYPAL_WEBHOOK_ID: the id PayPal gave the shop's webhook, sent to verify-webhook-signature. */
  webhookId: string
  /** PAYPAL_API_BASE, default https://api-m.paypal.com (sandbox: https://api-m.sandbox.paypal.com). */
  apiBase: string
}

export const DEFAULT_API_BASES = {
  stripe: 'https://api.stripe.com',
  sbps: 'https://fep.sps-system.com',
  paypal: 'https://api-m.paypal.com',
} as const

/** How long a call to a provider may take: `begin` runs while the order's row is locked. */
export const PROVIDER_TIMEOUT_MS = 10_000
