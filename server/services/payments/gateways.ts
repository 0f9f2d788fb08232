import type { PayRoute } from '../../../src/domain/payments.ts'
import type { GatewayDeps, PaymentGateway } from './gateway.ts'
import { PAYPAL_GATEWAY, paypalGateway } from './paypal.ts'
import { SANDBOX_GATEWAY, sandboxGateway } from './sandbox.ts'
import { SBPS_GATEWAY, sbpsGateway } from './sbps.ts'
import { STRIPE_GATEWAY, stripeGateway } from './stripe.ts'

/**
 * THE switch point between real providers and the sandbox (flows §3 'Which adapter runs'). Each route
 * gets its real adapter when that provider's credentials are configured (card: STRIPE_SECRET_KEY +
 * STRIPE_WEBHOOK_SECRET; sbps: SBPS_MERCHANT_ID + SBPS_SERVICE_ID + SBPS_HASH_KEY; paypal:
 * PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET + PAYPAL_WEBHOOK_ID; server/env.ts reads them).
 */
const PROVIDER_ADAPTERS: Record<PayRoute, (deps: GatewayDeps) => PaymentGateway | null> = {
  card: (deps) => {
    const settings = deps.payments.providers.stripe
    return settings ? stripeGateway(deps, settings) : null
  },
  sbps: (deps) => {
    const settings = deps.payments.providers.sbps
    return settings ? sbpsGateway(deps, settings) : null
  },
  paypal: (deps) => {
    const settings = deps.payments.providers.paypal
    return settings ? paypalGateway(deps, settings) : null
  },
}

/** The real providers by their webhook name (`/api/pay/webhook/{gateway}`), configured or not. */
const PROVIDERS_BY_NAME: Record<string, (deps: GatewayDeps) => PaymentGateway | null> = {
  [STRIPE_GATEWAY]: PROVIDER_ADAPTERS.card,
  [SBPS_GATEWAY]: PROVIDER_ADAPTERS.sbps,
  [PAYPAL_GATEWAY]: PROVIDER_ADAPTERS.paypal,
}

/**
 * The gateway that takes a new payment on a route: its real provider when configured, else the
 * sandbox when it is on, else null (the pay call answers "Payment is currently unavailable").
 */
export function gatewayFor(route: PayRoute, deps: GatewayDeps): PaymentGateway | null {
  return PROVIDER_ADAPTERS[route](deps) ?? (deps.payments.sandbox ? sandboxGateway(deps) : null)
}

/** Every route runs in test mode: the sandbox serves and no real provider does (pages say so). */
export function paymentsTestMode(deps: GatewayDeps): boolean {
  return (Object.keys(PROVIDER_ADAPTERS) as PayRoute[]).every(
    (route) => gatewayFor(route, deps)?.name === SANDBOX_GATEWAY,
  )
}

/**
 * The gateway whose webhooks `/api/pay/webhook/{name}` takes: a configured provider, or the sandbox
 * while it is on. null: the endpoint answers 404.
 */
export function webhookGateway(name: string, deps: GatewayDeps): PaymentGateway | null {
  if (name === SANDBOX_GATEWAY) return deps.payments.sandbox ? sandboxGateway(deps) : null
  return Object.hasOwn(PROVIDERS_BY_NAME, name) ? (PROVIDERS_BY_NAME[name]?.(deps) ?? null) : null
}

/**
 * The gateway that took a payment (`payments.gateway`): it gives the money back and handles the
 * shopper's return. The sandbox's money is pretend, so its refunds work even after PAYMENTS_SANDBOX=0.
 * null: that provider is not configured now.
 */
export function gatewayOfPayment(name: string, deps: GatewayDeps): PaymentGateway | null {
  if (name === SANDBOX_GATEWAY) return sandboxGateway(deps)
  return Object.hasOwn(PROVIDERS_BY_NAME, name) ? (PROVIDERS_BY_NAME[name]?.(deps) ?? null) : null
}
