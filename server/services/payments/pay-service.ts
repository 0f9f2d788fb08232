import { eq } from 'drizzle-orm'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { PAYMENT_UNAVAILABLE_MESSAGE, type PayAnswer, payReturnPage } from '../../../src/domain/payments.ts'
import { applyPoints, type PointsApplied } from '../../../src/domain/pricing.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { changePoints, currentPoints } from '../points.ts'
import type { GatewayDeps, PaymentAttempt, PaymentGateway } from './gateway.ts'
import { gatewayFor, gatewayOfPayment } from './gateways.ts'
import type { EndedPayment } from './order-payments.ts'
import { readPayLatch } from './pay-latch.ts'
import { newPaymentId } from './payment-ids.ts'
import { providerReturnUrls } from './payment-urls.ts'
import type { Charge, Payer, PayPurpose } from './purposes/purpose.ts'
import { sbpsItemName } from './sbps-form.ts'
import { settle } from './settle.ts'

/* Beginning an attempt to pay, whatever it pays for (flows §2, §3): the purpose supplies what is its own. */

/** The gateway name of a payment that points cover in full: nothing is confirmed by a provider. */
export const POINTS_GATEWAY = 'points'

/** 409 "Payment is currently unavailable", with the operator's message when there is one. */
export const paymentUnavailable = (message: string | null = null) =>
  new ApiError(ResultCode.conflict, PAYMENT_UNAVAILABLE_MESSAGE, { message })

/**
 * One pay call (deposit, balance, shipping fee, extra fees, on any route), in the caller's transaction
 * (the idempotency key's). Refuses while payments are closed, then lets the purpose lock and check what
 * is paid for and say what it costs. Ends any earlier open attempt of the same target (a new attempt
 * replaces it; points it held come back before this one takes them), applies points, records the
 * attempt and starts it at the gateway, or settles it at once when nothing is left to pay.
 *
 * The gateway's `begin` runs INSIDE this transaction, after the payment row is written and before the
 * commit: the answer the idempotency key stores then holds the provider's redirect, and the shopper
 * gets that redirect only after the commit, so the payment row always exists before they can reach
 * the gateway's page (and before any webhook of it). Should the commit fail after `begin`, the
 * provider holds a session nobody was sent to, which expires unpaid. The price: the target's row stays
 * locked while the provider answers, so every adapter's `begin` must be bounded by a short timeout
 * (the sandbox's makes no network call at all).
 */
export async function payFor<Details>(
  tx: Db,
  deps: GatewayDeps,
  purpose: PayPurpose<Details>,
  request: Payer & Details,
  at: Date,
): Promise<PayAnswer> {
  const latch = await readPayLatch(tx)
  if (!latch.open) throw paymentUnavailable(latch.message)

  const charge = await purpose.charge(tx, request, at)
  const superseded = await charge.endOpenAttempts()
  const { pointsUsed, payable } = await pointsTowards(tx, request.userId, charge)
  const gateway = payable > 0 ? gatewayFor(request.route, deps) : null
  if (payable > 0 && !gateway) throw paymentUnavailable()
  // their pages may still be open at the gateway: close them there (after the refusals above, which roll back)
  await closeAtProviders(superseded, deps)

  const paymentId = newPaymentId()
  await tx.insert(payments).values({
    id: paymentId,
    userId: request.userId,
    purpose: purpose.name,
    target: charge.target,
    route: request.route,
    method: request.method,
    gateway: gateway?.name ?? POINTS_GATEWAY,
    amount: payable,
    currency: 'JPY',
    pointsUsed,
    ...charge.frozen,
    status: PaymentStatus.waitPay,
    createdAt: at,
    updatedAt: at,
  })
  if (charge.points.from === 'shopper' && pointsUsed > 0) {
    await changePoints(tx, {
      userId: request.userId,
      delta: -pointsUsed,
      reason: 'hold',
      orderId: charge.points.orderId,
      paymentId,
    })
  }

  if (!gateway) {
    // Nothing left to pay (points cover it, or an operator's ¥0 shipping band): nothing for a provider
    // to confirm, so it settles now.
    await settle(tx, { paymentId, providerRef: null, amount: 0, currency: 'JPY' }, at)
    return { paymentId, redirectUrl: payReturnPage(purpose.name, 'success', paymentId) }
  }
  return beginAtGateway(tx, deps, gateway, {
    paymentId,
    purpose: purpose.name,
    route: request.route,
    method: request.method,
    amount: payable,
    // Shown on the provider's page, worded exactly as SBPS's item name is (sent there in Shift_JIS).
    description: sbpsItemName(purpose.name, charge.target),
  })
}

/** The points that pay first, by where the purpose takes them from (purpose.ts PointsTowards). */
async function pointsTowards(tx: Db, userId: number, charge: Charge): Promise<PointsApplied> {
  const { amountDue, points } = charge
  switch (points.from) {
    case 'none':
      return { pointsUsed: 0, payable: amountDue }
    case 'order':
      return applyPoints(amountDue, points.held, points.held)
    case 'shopper':
      return applyPoints(amountDue, await currentPoints(tx, userId), points.asked)
  }
}

/**
 * Starts a recorded payment at its gateway, in the pay call's transaction (see payFor for why inside
 * it), keeps the provider's reference on the row and answers where to send the shopper.
 */
async function beginAtGateway(
  tx: Db,
  deps: GatewayDeps,
  gateway: PaymentGateway,
  attempt: Omit<PaymentAttempt, 'currency' | 'returnUrls'>,
): Promise<PayAnswer> {
  const { paymentId } = attempt
  const begun = await gateway
    .begin({ ...attempt, currency: 'JPY', returnUrls: providerReturnUrls(deps.publicUrl, paymentId) })
    .catch((error: unknown) => {
      // A refusal the shopper can act on (Stripe's ¥50 minimum) stays as it is. A provider that cannot
      // be reached or refuses our credentials rolls the attempt back: no payment row, the target as it was.
      if (error instanceof ApiError) throw error
      log.error({ err: error }, `[payments] ${gateway.name} could not begin payment ${paymentId}`)
      throw paymentUnavailable()
    })
  if (begun.providerRef) {
    await tx.update(payments).set({ providerRef: begun.providerRef }).where(eq(payments.id, paymentId))
  }
  return { paymentId, redirectUrl: begun.redirectUrl }
}

/**
 * Closes superseded attempts at their providers where the protocol allows (a Stripe session is expired),
 * so a page left open elsewhere cannot take money for an attempt the shop has ended. Best effort: a
 * provider that cannot be reached leaves its page to expire on its own; should it still be paid, settle()
 * logs the money received for an ended payment so the operator refunds it.
 */
export async function closeAtProviders(ended: EndedPayment[], deps: GatewayDeps): Promise<void> {
  for (const payment of ended) {
    const gateway: PaymentGateway | null = gatewayOfPayment(payment.gateway, deps)
    if (!gateway?.cancel) continue
    await gateway
      .cancel({
        paymentId: payment.id,
        providerRef: payment.providerRef,
        amount: payment.amount,
        currency: payment.currency,
        status: PaymentStatus.cancel,
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, `[payments] could not close superseded ${payment.id} at ${payment.gateway}`),
      )
  }
}
