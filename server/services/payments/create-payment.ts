import { and, eq } from 'drizzle-orm'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import type { OrderAddressDto } from '../../../src/domain/orders.ts'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import {
  PAYMENT_UNAVAILABLE_MESSAGE,
  type PayAnswer,
  type PayRoute,
  payReturnPage,
  SELECT_ADDRESS_MESSAGE,
} from '../../../src/domain/payments.ts'
import { applyPoints } from '../../../src/domain/pricing.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { orders, payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { ownAddress } from '../addresses.ts'
import type { GatewayDeps, PaymentAttempt, PaymentGateway } from './gateway.ts'
import { gatewayFor, gatewayOfPayment } from './gateways.ts'
import { type EndedPayment, endOpenOrderPayments } from './order-payments.ts'
import { readPayLatch } from './pay-latch.ts'
import { newPaymentId } from './payment-ids.ts'
import { providerReturnUrls } from './payment-urls.ts'
import { settle } from './settle.ts'

/** The gateway name of a payment that points cover in full: nothing is confirmed by a provider. */
export const POINTS_GATEWAY = 'points'

export interface OrderPayRequest {
  userId: number
  orderId: number
  route: PayRoute
  /** The route's `{type}` (already checked against PAY_METHODS). */
  method: number
  addressId: number | undefined
}

/** 409 "Payment is currently unavailable", with the operator's message when there is one. */
export const paymentUnavailable = (message: string | null = null) =>
  new ApiError(ResultCode.conflict, PAYMENT_UNAVAILABLE_MESSAGE, { message })

const selectAddress = () =>
  new ApiError(ResultCode.invalidInput, `addressId: ${SELECT_ADDRESS_MESSAGE}`, {
    fields: [{ field: 'addressId', message: SELECT_ADDRESS_MESSAGE }],
  })

/**
 * The first payment of an order (`orderPay` on any route), in the caller's transaction (the
 * idempotency key's). Refuses while payments are closed, for an order that is not the caller's (404)
 * or not in 2 waitPay (409), and without one of the caller's addresses (400). Copies the address onto
 * the order, ends any earlier open attempt (a new attempt replaces it; the held points belong to the
 * order and stay), records the new attempt and starts it at the gateway.
 *
 * The gateway's `begin` runs INSIDE this transaction, after the payment row is written and before the
 * commit: the answer the idempotency key stores then holds the provider's redirect, and the shopper
 * gets that redirect only after the commit, so the payment row always exists before they can reach
 * the gateway's page (and before any webhook of it). Should the commit fail after `begin`, the
 * provider holds a session nobody was sent to, which expires unpaid. The price: the order row stays
 * locked while the provider answers, so every adapter's `begin` must be bounded by a short timeout
 * (the sandbox's makes no network call at all).
 */
export async function payOrderDeposit(
  tx: Db,
  deps: GatewayDeps,
  request: OrderPayRequest,
  at: Date,
): Promise<PayAnswer> {
  const latch = await readPayLatch(tx)
  if (!latch.open) throw paymentUnavailable(latch.message)

  const [order] = await tx
    .select({ id: orders.id, status: orders.status, deposit: orders.deposit, pointsHeld: orders.pointsHeld })
    .from(orders)
    .where(and(eq(orders.id, request.orderId), eq(orders.userId, request.userId)))
    .for('update')
  if (!order) throw notFound('Order')
  if (order.status !== OrderStatus.waitPay) {
    throw new ApiError(ResultCode.conflict, 'This order is not awaiting payment', { status: order.status })
  }
  const address =
    request.addressId === undefined ? undefined : await ownAddress(tx, request.userId, request.addressId)
  if (!address) throw selectAddress()

  // The deposit (the whole total when no deposit applies); the points held at checkout pay first.
  const { pointsUsed, payable } = applyPoints(order.deposit, order.pointsHeld, order.pointsHeld)
  const gateway = payable > 0 ? gatewayFor(request.route, deps) : null
  if (payable > 0 && !gateway) throw paymentUnavailable()

  // the order keeps a copy: a later edit of the book does not move a paid order
  const kept: OrderAddressDto = { ...address }
  await tx.update(orders).set({ address: kept, updatedAt: at }).where(eq(orders.id, order.id))
  // a new attempt replaces any open one (its page may still be open at the gateway: close it there)
  const superseded = await endOpenOrderPayments(tx, order.id, 'deposit', 'superseded', at)
  await closeAtProviders(superseded, deps)

  const paymentId = newPaymentId()
  await tx.insert(payments).values({
    id: paymentId,
    userId: request.userId,
    purpose: 'deposit',
    target: [order.id],
    route: request.route,
    method: request.method,
    gateway: gateway?.name ?? POINTS_GATEWAY,
    amount: payable,
    currency: 'JPY',
    pointsUsed,
    status: PaymentStatus.waitPay,
    createdAt: at,
    updatedAt: at,
  })

  if (!gateway) {
    // Points cover it all: there is nothing for a provider to confirm, so it settles now.
    await settle(tx, { paymentId, providerRef: null, amount: 0, currency: 'JPY' }, at)
    return { paymentId, redirectUrl: payReturnPage('deposit', 'success', paymentId) }
  }
  return beginAtGateway(tx, deps, gateway, {
    paymentId,
    purpose: 'deposit',
    route: request.route,
    method: request.method,
    amount: payable,
    // Shown on the provider's page (and sent to SBPS in Shift_JIS): the shop's name and the order.
    description: `Yoyaku ご注文 ${order.id}`,
  })
}

/**
 * Starts a recorded payment at its gateway, in the pay call's transaction (see payOrderDeposit for why
 * inside it), keeps the provider's reference on the row and answers where to send the shopper.
 */
export async function beginAtGateway(
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
      // be reached or refuses our credentials rolls the attempt back: no payment row, the order as it was.
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
