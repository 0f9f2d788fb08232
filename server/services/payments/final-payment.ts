import { and, eq } from 'drizzle-orm'
import { balanceOwed } from '../../../src/domain/arrival.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import { balanceDueDate, classifyDeadline, lateFee } from '../../../src/domain/deadlines.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { type PayAnswer, type PayRoute, payReturnPage } from '../../../src/domain/payments.ts'
import { applyPoints } from '../../../src/domain/pricing.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { orders, payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { changePoints, currentPoints } from '../points.ts'
import { beginAtGateway, closeAtProviders, POINTS_GATEWAY, paymentUnavailable } from './create-payment.ts'
import type { GatewayDeps } from './gateway.ts'
import { gatewayFor } from './gateways.ts'
import { lateFeeSettledElsewhere } from './late-fees.ts'
import { endOpenOrderPayments } from './order-payments.ts'
import { readPayLatch } from './pay-latch.ts'
import { newPaymentId } from './payment-ids.ts'
import { settle } from './settle.ts'

export interface BalancePayRequest {
  userId: number
  orderId: number
  route: PayRoute
  /** The route's `{type}` (already checked against PAY_METHODS). */
  method: number
  /** `?score=`: points the shopper asks to use (capped by what is due and what they have). */
  points: number
}

export const FORFEITED_MESSAGE =
  'The goods of this order were forfeited after the balance deadline; its balance can no longer be paid'

const forfeited = () => new ApiError(ResultCode.conflict, FORFEITED_MESSAGE, { status: OrderStatus.cancel2 })

/**
 * The final payment of an order (`finallyPay` / `finalPay` on any route), in the caller's transaction
 * (the idempotency key's): the balance still owed plus the late fee so far (the domain's figure for the
 * shop's day, frozen on the payment as `lateFee`), in one payment. Refuses while payments are closed,
 * for an order that is not the caller's (404), not in 5 arrival (409), or forfeited (409: in 15, or
 * past its forfeiture date before the sweep has got to it). Ends any earlier open balance attempt
 * (its held points come back), holds the points used now from the shopper, records the attempt and
 * starts it at the gateway (inside the transaction, as payOrderDeposit explains), or settles it at
 * once when points cover it all.
 */
export async function payOrderBalance(
  tx: Db,
  deps: GatewayDeps,
  request: BalancePayRequest,
  at: Date,
): Promise<PayAnswer> {
  const latch = await readPayLatch(tx)
  if (!latch.open) throw paymentUnavailable(latch.message)

  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      goods: orders.goods,
      total: orders.total,
      paidAmount: orders.paidAmount,
      arrivedAt: orders.arrivedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, request.orderId), eq(orders.userId, request.userId)))
    .for('update')
  if (!order) throw notFound('Order')
  if (order.status === OrderStatus.cancel2) throw forfeited()
  if (order.status !== OrderStatus.arrival) {
    throw new ApiError(ResultCode.conflict, 'This order is not awaiting its balance', {
      status: order.status,
    })
  }
  const today = shopDate(at)
  if (!today) throw new Error('the shop clock gave no date')
  // An order in 5 always has its arrival date; without one there is no deadline to be late for.
  const balanceDue = order.arrivedAt ? balanceDueDate(order.arrivedAt) : null
  if (balanceDue && classifyDeadline(balanceDue, today).state === 'forfeited') throw forfeited()

  const fee =
    balanceDue && !(await lateFeeSettledElsewhere(tx, order.id)) ? lateFee(order.goods, balanceDue, today) : 0
  const amountDue = balanceOwed(order) + fee

  // A new attempt replaces any open one; its held points come back before this one takes them.
  const superseded = await endOpenOrderPayments(tx, order.id, 'balance', 'superseded', at)
  const { pointsUsed, payable } = applyPoints(
    amountDue,
    await currentPoints(tx, request.userId),
    request.points,
  )
  const gateway = payable > 0 ? gatewayFor(request.route, deps) : null
  if (payable > 0 && !gateway) throw paymentUnavailable()
  // its page may still be open at the gateway: close it there (after the refusals above, which roll back)
  await closeAtProviders(superseded, deps)

  const paymentId = newPaymentId()
  await tx.insert(payments).values({
    id: paymentId,
    userId: request.userId,
    purpose: 'balance',
    target: [order.id],
    route: request.route,
    method: request.method,
    gateway: gateway?.name ?? POINTS_GATEWAY,
    amount: payable,
    currency: 'JPY',
    pointsUsed,
    lateFee: fee,
    status: PaymentStatus.waitPay,
    createdAt: at,
    updatedAt: at,
  })
  if (pointsUsed > 0) {
    await changePoints(tx, {
      userId: request.userId,
      delta: -pointsUsed,
      reason: 'hold',
      orderId: order.id,
      paymentId,
    })
  }

  if (!gateway) {
    // Points cover it all: there is nothing for a provider to confirm, so it settles now.
    await settle(tx, { paymentId, providerRef: null, amount: 0, currency: 'JPY' }, at)
    return { paymentId, redirectUrl: payReturnPage('balance', 'success', paymentId) }
  }
  return beginAtGateway(tx, deps, gateway, {
    paymentId,
    purpose: 'balance',
    route: request.route,
    method: request.method,
    amount: payable,
    // Shown on the provider's page (and sent to SBPS in Shift_JIS), worded as SBPS's item name is.
    description: `Yoyaku ご注文残金 ${order.id}`,
  })
}
