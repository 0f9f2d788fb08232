import type { PayRoute } from '../../src/domain/payments.ts'
import { effectsOf, insertWaitPayOrder, orderPay } from '../server/support/order-fixture.ts'
import type { TestApp } from '../server/support/test-app.ts'
import type { PaymentPlan, Random } from './webhook-storm-harness.ts'

/* What every provider's plans start from: a shopper, an order awaiting its deposit, and its payment. */

export interface Shopper {
  token: string
  userId: number
  addressId: number
}

/** What a provider's plan writer is given. */
export interface PlanContext {
  t: TestApp
  /** The shopper to pay the next order (a new one before the last reaches the pay calls' rate limit). */
  shopper(): Promise<Shopper>
  random: Random
  /** A fresh id part: letters and digits, unique in the run. */
  uniqueId(): string
}

export interface StartedPayment {
  orderId: number
  paymentId: string
  redirectUrl: string
  amount: number
  /** What begin answered as providerRef (Stripe session, PayPal order, the sandbox's sbx_…). */
  providerRef: string | null
}

/**
 * An order in 2 waitPay (every other one holding a unit of stock) and its deposit's payment started
 * through the shopper's pay call on `route` with `{type}`.
 */
export async function startPayment(context: PlanContext, route: PayRoute, type = 1): Promise<StartedPayment> {
  const { t, random } = context
  const shopper = await context.shopper()
  const amount = random.int(10, 95) * 100 + random.int(0, 99)
  const { orderId } = await insertWaitPayOrder(t.db, {
    userId: shopper.userId,
    goods: 10_000,
    deposit: amount,
    stocked: random.next() < 0.5,
    at: t.clock.now,
  })
  const { status, body } = await orderPay(t, shopper.token, {
    route,
    type,
    orderId,
    addressId: shopper.addressId,
  })
  if (status !== 200 || !body.data?.paymentId) {
    throw new Error(`orderPay on ${route} answered ${status}: ${JSON.stringify(body)}`)
  }
  const { payment } = await effectsOf(t.db, body.data.paymentId)
  return {
    orderId,
    paymentId: body.data.paymentId,
    redirectUrl: body.data.redirectUrl,
    amount,
    providerRef: payment.providerRef,
  }
}

/** An empty plan of a started payment; the provider fills in its deliveries. */
export const emptyPlan = (started: StartedPayment, outcome: PaymentPlan['outcome']): PaymentPlan => ({
  paymentId: started.paymentId,
  orderId: started.orderId,
  amount: started.amount,
  outcome,
  genuineEventIds: new Set(),
  prep: [],
  steps: [],
  later: [],
  planned: 0,
})

/** Sets how many deliveries a plan makes: the emulator's during its prep, and `planned` more. */
export function withPlanned(plan: PaymentPlan, planned: number): PaymentPlan {
  plan.planned = plan.prep.length + planned
  return plan
}
