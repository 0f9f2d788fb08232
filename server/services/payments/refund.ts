import { and, eq, sql } from 'drizzle-orm'
import { canOrderTransition, OrderStatus } from '../../../src/domain/order-status.ts'
import { canPaymentTransition, PaymentStatus } from '../../../src/domain/payment-status.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppDeps } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { orders, payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { changePoints } from '../points.ts'
import { gatewayOfPayment } from './gateways.ts'
import { LATE_FEE_REFUNDED_REMARK, refundBalanceLateFee, voidUnpaidLateFee } from './late-fees.ts'
import { endOpenOrderPayments, orderPaymentsOf } from './order-payments.ts'
import { closeAtProviders, POINTS_GATEWAY } from './pay-service.ts'

/** The purposes whose `target` holds order ids (shipping targets packages, extra fees their ids). */

export interface RefundedPayment {
  paymentId: string
  gateway: string
  /** Yen given back at the gateway. */
  amount: number
  /** Points used on the payment, given back to the shopper. */
  pointsReturned: number
  /** The gateway's reference of the refund; null when only points were used. */
  refundRef: string | null
}

export interface OrderRefund {
  orderId: number
  before: { status: OrderStatus; refundAmount: number }
  after: { status: OrderStatus; refundAmount: number }
  payments: RefundedPayment[]
}

/**
 * A child of a split order holds a share of what the original order's payment paid (its deposit), but
 * no payment of its own for it: that payment targets the original order, now 0 split, and gateways
 * refund a payment, not a share of it. Giving back only the child's own payments and calling the
 * order refunded would keep the shopper's deposit silently, so such a child is refused until a
 * partial refund exists; the operator settles it with the shopper outside the shop.
 */
function refuseSplitShare(
  order: { id: number; parentId: number | null; paidAmount: number },
  paid: readonly { amount: number; pointsUsed: number; lateFee: number }[],
): void {
  if (order.parentId === null) return
  // The late fee a balance payment carried is not part of the order's paid amount.
  const ownPayments = paid.reduce(
    (sum, payment) => sum + payment.amount + payment.pointsUsed - payment.lateFee,
    0,
  )
  if (order.paidAmount > ownPayments) {
    throw new ApiError(
      ResultCode.conflict,
      `Order ${order.id} is part of split order ${order.parentId}: ¥${order.paidAmount - ownPayments} of it was paid by that order’s payment, which cannot be refunded in part; settle it with the shopper directly`,
      { parentId: order.parentId, sharedPaid: order.paidAmount - ownPayments },
    )
  }
}

/**
 * The operator's refund of an order (POST /api/ops/orders/{id}/refund): any shopper's order in a
 * status the flow lets go to 12 refund (3, 4, 5, 6). In one transaction, under the order's row lock:
 * every paid payment of the order is given back by the gateway that took it (2 → 3), its yen added to
 * `refundAmount`, its points returned, the late fee a balance payment paid refunded with it (2 → 3);
 * an open balance attempt ends and an unpaid late fee is voided; then the order goes to 12. Answers
 * what changed, for the caller's audit row.
 *
 * The gateway's refund runs inside the transaction, before the rows change: a gateway that refuses
 * rolls everything back and the order stays as it was. Should the commit fail after a gateway
 * refunded, the rows still say paid and a retry asks the gateway again with the same payment id, which
 * real adapters send as the provider's idempotency key, so the money goes back once.
 */
export async function refundOrder(
  db: Db,
  deps: Pick<AppDeps, 'db' | 'now' | 'payments' | 'publicUrl'>,
  request: { orderId: number; reason: string | null; actorId: number | null },
): Promise<OrderRefund> {
  const at = deps.now()
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        parentId: orders.parentId,
        status: orders.status,
        paidAmount: orders.paidAmount,
        refundAmount: orders.refundAmount,
      })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for('update')
    if (!order) throw notFound('Order')
    const from = order.status as OrderStatus
    if (!canOrderTransition(from, OrderStatus.refund)) {
      throw new ApiError(ResultCode.conflict, 'This order cannot be refunded in its status', { status: from })
    }
    // An attempt at the balance still open can no longer pay for anything: it ends (its held points
    // go back), and so does the late fee nobody will pay now.
    const abandoned = await endOpenOrderPayments(tx, order.id, 'balance', 'cancelled', at)
    await voidUnpaidLateFee(tx, order.id, LATE_FEE_REFUNDED_REMARK, at)
    const paid = await tx
      .select()
      .from(payments)
      .where(and(orderPaymentsOf(order.id), eq(payments.status, PaymentStatus.pay)))
      .orderBy(payments.createdAt)
      .for('update')
    refuseSplitShare(order, paid)

    const refunded: RefundedPayment[] = []
    for (const payment of paid) {
      let refundRef: string | null = null
      if (payment.gateway !== POINTS_GATEWAY && payment.amount > 0) {
        const gateway = gatewayOfPayment(payment.gateway, deps)
        if (!gateway) {
          throw new ApiError(
            ResultCode.conflict,
            `Payment ${payment.id} was taken by ${payment.gateway}, which is not configured: it cannot be refunded now`,
          )
        }
        ;({ refundRef } = await gateway
          .refund({
            paymentId: payment.id,
            method: payment.method,
            providerRef: payment.providerRef,
            amount: payment.amount,
            reason: request.reason,
          })
          .catch((error: unknown) => {
            // An adapter's own refusal says what to do; anything else (no answer, an answer we cannot
            // read) is the same for the operator: nothing changed, try again.
            if (error instanceof ApiError) throw error
            log.error({ err: error }, `[payments] ${payment.gateway} could not refund ${payment.id}`)
            throw new ApiError(
              ResultCode.conflict,
              `${payment.gateway} could not refund payment ${payment.id}: nothing was changed, please try again`,
            )
          }))
      }
      if (!canPaymentTransition(PaymentStatus.pay, PaymentStatus.refund))
        throw new Error('payment flow forbids 2 → 3')
      const [done] = await tx
        .update(payments)
        .set({ status: PaymentStatus.refund, refundedAt: at, updatedAt: at })
        .where(and(eq(payments.id, payment.id), eq(payments.status, PaymentStatus.pay)))
        .returning({ id: payments.id })
      if (!done)
        throw new ApiError(ResultCode.conflict, `Payment ${payment.id} changed meanwhile; please try again`)
      // the order's late fee was paid with its balance: it is given back with it
      if (payment.lateFee > 0) await refundBalanceLateFee(tx, payment.id, at)
      if (payment.pointsUsed > 0) {
        await changePoints(tx, {
          userId: payment.userId,
          delta: payment.pointsUsed,
          reason: 'return',
          orderId: order.id,
          paymentId: payment.id,
        })
      }
      refunded.push({
        paymentId: payment.id,
        gateway: payment.gateway,
        amount: payment.amount,
        pointsReturned: payment.pointsUsed,
        refundRef,
      })
    }

    const yen = refunded.reduce((sum, payment) => sum + payment.amount, 0)
    const [after] = await tx
      .update(orders)
      .set({ status: OrderStatus.refund, refundAmount: sql`${orders.refundAmount} + ${yen}`, updatedAt: at })
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning({ status: orders.status, refundAmount: orders.refundAmount })
    if (!after) throw new ApiError(ResultCode.conflict, 'This order changed meanwhile; please try again')
    await closeAtProviders(abandoned, deps)
    log.info(
      `[payments] order ${order.id} refunded by operator ${request.actorId ?? '-'}: ¥${yen} over ${refunded.length} payment(s)`,
    )
    return {
      orderId: order.id,
      before: { status: from, refundAmount: order.refundAmount },
      after: { status: after.status as OrderStatus, refundAmount: after.refundAmount },
      payments: refunded,
    }
  })
}
