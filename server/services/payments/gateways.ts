import type { PayRoute } from '../../../src/domain/payments.ts'
import type { AppDeps } from '../../app-env.ts'
import type { PaymentGateway } from './gateway.ts'
import { SANDBOX_GATEWAY, sandboxGateway } from './sandbox.ts'

type GatewayDeps = Pick<AppDeps, 'db' | 'now' | 'payments'>

/**
 * THE switch point between real providers and the sandbox (flows §3 'Which adapter runs'). Each route
 * gets its real adapter when that provider's credentials are configured (card: STRIPE_SECRET_KEY +
 * STRIPE_WEBHOOK_SECRET; sbps: SBPS_MERCHANT_ID + SBPS_SERVICE_ID + SBPS_HASH_KEY; paypal:
 * PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET + PAYPAL_WEBHOOK_ID). No adapter exists in this issue, so
 * every entry answers null; an adapter plugs in by answering its gateway here and in
 * PROVIDERS_BY_NAME, nowhere else.
 */
const PROVIDER_ADAPTERS: Record<PayRoute, (deps: GatewayDeps) => PaymentGateway | null> = {
  card: () => null,
  sbps: () => null,
  paypal: () => null,
}

/** The real providers by their webhook name (`/api/pay/webhook/{gateway}`), configured or not. */
const PROVIDERS_BY_NAME: Record<string, (deps: GatewayDeps) => PaymentGateway | null> = {
  stripe: PROVIDER_ADAPTERS.card,
  sbps: PROVIDER_ADAPTERS.sbps,
  paypal: PROVIDER_ADAPTERS.paypal,
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
 * The gateway that gives back the money of a payment it took (`payments.gateway`). The sandbox's
 * money is pretend, so its refunds work even after PAYMENTS_SANDBOX=0. null: nothing can refund it now.
 */
export function refundGateway(name: string, deps: GatewayDeps): PaymentGateway | null {
  if (name === SANDBOX_GATEWAY) return sandboxGateway(deps)
  return Object.hasOwn(PROVIDERS_BY_NAME, name) ? (PROVIDERS_BY_NAME[name]?.(deps) ?? null) : null
}
