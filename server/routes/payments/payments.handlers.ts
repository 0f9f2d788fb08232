import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import { finalPayQuery } from '../../../src/domain/arrival.ts'
import { shippingMethodQuery } from '../../../src/domain/packaging.ts'
import {
  orderPayParams,
  orderPayQuery,
  PAY_METHODS,
  type PayRoute,
  paypalOrderPayParams,
} from '../../../src/domain/payments.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppEnv } from '../../app-env.ts'
import { ApiError, notFound, ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validParams, validQuery } from '../../http/validate.ts'
import { idempotencyKeyHeader } from '../../services/idempotency.ts'
import { webhookGateway } from '../../services/payments/gateways.ts'
import { readPayLatch } from '../../services/payments/pay-latch.ts'
import { readPayStatus } from '../../services/payments/pay-status.ts'
import { providerReturn } from '../../services/payments/provider-return.ts'
import { balancePurpose } from '../../services/payments/purposes/balance.ts'
import { depositPurpose } from '../../services/payments/purposes/deposit.ts'
import { shippingPurpose } from '../../services/payments/purposes/shipping.ts'
import { readSandboxPayment, sandboxOutcome as runSandboxOutcome } from '../../services/payments/sandbox.ts'
import { SBPS_SUBMIT_SCRIPT, sbpsFormResponse } from '../../services/payments/sbps-form.ts'
import { receiveWebhook } from '../../services/payments/webhooks.ts'
import { idempotentPay } from '../pay-call.ts'
import {
  expressPayParams,
  finalPayParams,
  paymentIdParams,
  paypalExpressPayParams,
  paypalFinalPayParams,
  providerReturnParams,
  sandboxOutcomeParams,
  sandboxOutcomeQuery,
  sbpsFormQuery,
  webhookParams,
} from './payments.routes.ts'

const factory = createFactory<AppEnv>()

// Paying is a customer's act: an operator has no orders of their own.
const customerOnly = requireSession({ kind: 'customer' })

interface PayOrderCall {
  route: PayRoute
  method: number
  orderId: number
  addressId?: number
  idempotencyKey: string | undefined
}

/** One first-payment call: route and `{type}` decided, the rest is shared by the three routes. */
function payOrder(c: Context<AppEnv>, call: PayOrderCall) {
  const { orderId, addressId } = call
  return idempotentPay(c, { ...call, keyedQuery: `addressId=${addressId ?? ''}` }, depositPurpose, {
    orderId,
    addressId,
  })
}

/** The routes whose path names a `{type}`: card / bank transfer, and SBPS. */
const typedPayHandlers = (route: 'card' | 'sbps') =>
  factory.createHandlers(
    customerOnly,
    idempotencyKeyHeader,
    validParams(orderPayParams),
    validQuery(orderPayQuery),
    (c) => {
      const { type, id } = c.req.valid('param')
      const { idempotencyKey } = c.req.valid('header')
      return payOrder(c, { route, method: type, orderId: id, ...c.req.valid('query'), idempotencyKey })
    },
  )

export const orderPayCardHandlers = typedPayHandlers('card')
export const orderPaySbpsHandlers = typedPayHandlers('sbps')

export const orderPayPaypalHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(paypalOrderPayParams),
  validQuery(orderPayQuery),
  (c) => {
    const { idempotencyKey } = c.req.valid('header')
    // PayPal has no `{type}`: its one method is 0.
    const method = PAY_METHODS.paypal[0] ?? 0
    return payOrder(c, {
      route: 'paypal',
      method,
      orderId: c.req.valid('param').id,
      ...c.req.valid('query'),
      idempotencyKey,
    })
  },
)

interface PayBalanceCall {
  route: PayRoute
  method: number
  orderId: number
  points: number
  idempotencyKey: string | undefined
}

/** One final-payment call: route and `{type}` decided, the rest is shared by the three routes. */
function payBalance(c: Context<AppEnv>, call: PayBalanceCall) {
  const { orderId, points } = call
  return idempotentPay(c, { ...call, keyedQuery: `score=${points}` }, balancePurpose, { orderId, points })
}

const typedFinalPayHandlers = (route: 'card' | 'sbps') =>
  factory.createHandlers(
    customerOnly,
    idempotencyKeyHeader,
    validParams(finalPayParams),
    validQuery(finalPayQuery),
    (c) => {
      const { type, orderId } = c.req.valid('param')
      const { idempotencyKey } = c.req.valid('header')
      const points = c.req.valid('query').score
      return payBalance(c, { route, method: type, orderId, points, idempotencyKey })
    },
  )

export const finalPayCardHandlers = typedFinalPayHandlers('card')
export const finalPaySbpsHandlers = typedFinalPayHandlers('sbps')

export const finalPayPaypalHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(paypalFinalPayParams),
  validQuery(finalPayQuery),
  (c) => {
    const { idempotencyKey } = c.req.valid('header')
    // PayPal has no `{type}`: its one method is 0.
    const method = PAY_METHODS.paypal[0] ?? 0
    return payBalance(c, {
      route: 'paypal',
      method,
      orderId: c.req.valid('param').orderId,
      points: c.req.valid('query').score,
      idempotencyKey,
    })
  },
)

interface PayShippingCall {
  route: PayRoute
  method: number
  packageId: number
  shippingMethodId: number
  idempotencyKey: string | undefined
}

/** One shipping-fee call: route and `{type}` decided, the rest is shared by the three routes. */
function payShipping(c: Context<AppEnv>, call: PayShippingCall) {
  const { packageId, shippingMethodId } = call
  return idempotentPay(c, { ...call, keyedQuery: `shippingMethodId=${shippingMethodId}` }, shippingPurpose, {
    packageId,
    shippingMethodId,
  })
}

const typedExpressPayHandlers = (route: 'card' | 'sbps') =>
  factory.createHandlers(
    customerOnly,
    idempotencyKeyHeader,
    validParams(expressPayParams),
    validQuery(shippingMethodQuery),
    (c) => {
      const { type, packageId } = c.req.valid('param')
      const { idempotencyKey } = c.req.valid('header')
      const { shippingMethodId } = c.req.valid('query')
      return payShipping(c, { route, method: type, packageId, shippingMethodId, idempotencyKey })
    },
  )

export const expressPayCardHandlers = typedExpressPayHandlers('card')
export const expressPaySbpsHandlers = typedExpressPayHandlers('sbps')

export const expressPayPaypalHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(paypalExpressPayParams),
  validQuery(shippingMethodQuery),
  (c) => {
    const { idempotencyKey } = c.req.valid('header')
    // PayPal has no `{type}`: its one method is 0.
    const method = PAY_METHODS.paypal[0] ?? 0
    return payShipping(c, {
      route: 'paypal',
      method,
      packageId: c.req.valid('param').packageId,
      shippingMethodId: c.req.valid('query').shippingMethodId,
      idempotencyKey,
    })
  },
)

export const payStatusHandlers = factory.createHandlers(
  customerOnly,
  validParams(paymentIdParams),
  async (c) => ok(c, await readPayStatus(c.var.deps.db, signedIn(c).userId, c.req.valid('param').paymentId)),
)

export const payLatchHandlers = factory.createHandlers(async (c) => ok(c, await readPayLatch(c.var.deps.db)))

/** The sandbox's pages exist only while the sandbox is on. */
const sandboxOn = factory.createMiddleware(async (c, next) => {
  if (!c.var.deps.payments.sandbox) throw notFound('Payment')
  await next()
})

export const sandboxPaymentHandlers = factory.createHandlers(
  sandboxOn,
  validParams(paymentIdParams),
  async (c) => ok(c, await readSandboxPayment(c.var.deps.db, c.req.valid('param').paymentId)),
)

export const sandboxOutcomeHandlers = factory.createHandlers(
  sandboxOn,
  validParams(sandboxOutcomeParams),
  validQuery(sandboxOutcomeQuery),
  async (c) => {
    const { paymentId, outcome } = c.req.valid('param')
    const query = c.req.valid('query')
    const outcomeOf = runSandboxOutcome(c.var.deps, paymentId, outcome, {
      delayMs: query.delayMs,
      twice: query.twice === '1',
      outOfOrder: query.outOfOrder === '1',
    })
    // The hosted page posts a real form: a browser shown a JSON refusal would be stranded, so it goes
    // back to the page, which shows the payment's state. Other callers get the 409.
    const fromBrowser = (c.req.header('accept') ?? '').includes('text/html')
    const { location } = await outcomeOf.catch((error: unknown) => {
      if (fromBrowser && error instanceof ApiError && error.code === ResultCode.conflict) {
        return { location: `/sandbox-pay/${encodeURIComponent(paymentId)}` }
      }
      throw error
    })
    return c.redirect(location, 303)
  },
)

export const webhookHandlers = factory.createHandlers(validParams(webhookParams), async (c) => {
  const name = c.req.valid('param').gateway
  // The raw bytes, exactly as signed: nothing reads the body before the gateway has verified them.
  const rawBody = new Uint8Array(await c.req.arrayBuffer())
  const received = await receiveWebhook(c.var.deps, name, rawBody, c.req.raw.headers).catch(
    (error: unknown) => {
      // A provider that expects a text answer (SBPS: `NG,…`) gets it on refusal too, with the 400.
      const textAnswer = webhookGateway(name, c.var.deps)?.webhookAnswer
      if (textAnswer && error instanceof ApiError && error.code === ResultCode.invalidInput) {
        return textAnswer(false)
      }
      throw error
    },
  )
  if (received instanceof Response) return received
  const { gateway, outcome } = received
  if (gateway.webhookAnswer) return gateway.webhookAnswer(true)
  return ok(c, { received: true, duplicate: outcome === 'duplicate', ignored: outcome === 'ignored' })
})

export const providerReturnHandlers = factory.createHandlers(validParams(providerReturnParams), async (c) => {
  const { paymentId, outcome } = c.req.valid('param')
  const { location } = await providerReturn(c.var.deps, paymentId, outcome)
  return c.redirect(location, 303)
})

export const sbpsFormHandlers = factory.createHandlers(
  validParams(paymentIdParams),
  validQuery(sbpsFormQuery),
  (c) => sbpsFormResponse(c.var.deps, c.req.valid('param').paymentId, c.req.valid('query').ticket),
)

/** The SBPS form page's submit script: a file, because the CSP allows no inline script. */
export const sbpsSubmitScriptHandlers = factory.createHandlers((c) => {
  c.header('cache-control', 'public, max-age=3600')
  return c.body(SBPS_SUBMIT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' })
})
