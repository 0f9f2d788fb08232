import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { canOrderTransition, ORDER_STATUS_INFO, OrderStatus } from '../../../src/domain/order-status.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, orders, products } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { endOpenOrderPayments } from '../payments/order-payments.ts'
import { changePoints } from '../points.ts'

export interface UnpaidOrderCancel {
  orderId: number
  /** Given: only this shopper's order (another's reads as missing). The sweep leaves it out. */
  userId?: number
  at: Date
  /** Given (the sweep): cancel only when the payment window ended by then, re-checked under the lock. */
  dueBy?: Date
}

export type UnpaidOrderCancelResult =
  | { outcome: 'cancelled'; stockReleased: number; pointsReturned: number; paymentsCancelled: number }
  | { outcome: 'notFound' }
  /** The order has left 2 waitPay (paid, or cancelled already): nothing changes. */
  | { outcome: 'notWaiting'; status: OrderStatus }
  /** The payment window has not ended yet (the sweep only). */
  | { outcome: 'notDue' }

/**
 * Cancels an order still in 2 waitPay (→ 1 cancel1), in the caller's transaction, the one way both the
 * shopper's cancel and the payment-window sweep do it: its open deposit payments end (1 → 4), the stock
 * it reserved goes back, and the points it held return to the shopper with a ledger row.
 *
 * The order row is locked first and its status re-read, and every change is guarded on the old status,
 * so a repeat, the sweep on another server or the shopper's own cancel at the same moment changes
 * nothing twice. A payment being confirmed at that moment wins (endOpenOrderPayments gives way with a
 * 409): the order becomes 3 and is never cancelled.
 */
export async function cancelUnpaidOrder(tx: Db, cancel: UnpaidOrderCancel): Promise<UnpaidOrderCancelResult> {
  const { orderId, at } = cancel
  const own = cancel.userId === undefined ? undefined : eq(orders.userId, cancel.userId)
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      pointsHeld: orders.pointsHeld,
      payDueAt: orders.payDueAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), own))
    .for('update')
  if (!order) return { outcome: 'notFound' }
  const status = order.status as OrderStatus
  if (status !== OrderStatus.waitPay || !canOrderTransition(status, OrderStatus.cancel1)) {
    return { outcome: 'notWaiting', status }
  }
  if (cancel.dueBy && order.payDueAt > cancel.dueBy) return { outcome: 'notDue' }

  const paymentsCancelled = (await endOpenOrderPayments(tx, orderId, 'deposit', 'cancelled', at)).length

  const [cancelled] = await tx
    .update(orders)
    .set({ status: OrderStatus.cancel1, pointsHeld: 0, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.waitPay)))
    .returning({ id: orders.id })
  // Unreachable under the row lock; kept so a change of locking can never release stock twice.
  if (!cancelled) return { outcome: 'notWaiting', status }

  const stockReleased = await releaseReservedStock(tx, orderId)
  if (order.pointsHeld > 0) {
    await changePoints(tx, { userId: order.userId, delta: order.pointsHeld, reason: 'return', orderId })
  }
  return { outcome: 'cancelled', stockReleased, pointsReturned: order.pointsHeld, paymentsCancelled }
}

/**
 * Gives back what the order's lines took from stock, in product id order (the order createOrder locks
 * products in, so two of these never wait on each other in turn), and marks the lines as holding none.
 * Answers the units released.
 */
async function releaseReservedStock(tx: Db, orderId: number): Promise<number> {
  const reserved = and(eq(orderLines.orderId, orderId), gt(orderLines.stockReserved, 0))
  const lines = await tx
    .select({ productId: orderLines.productId, units: orderLines.stockReserved })
    .from(orderLines)
    .where(reserved)
    .orderBy(asc(orderLines.productId))
  let released = 0
  for (const line of lines) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.units}` })
      .where(eq(products.id, line.productId))
    released += line.units
  }
  await tx.update(orderLines).set({ stockReserved: 0 }).where(reserved)
  return released
}

/** The shopper's cancel: 404 for an order that is not theirs, 409 naming the status for one past 2 waitPay. */
export async function cancelOwnOrder(
  tx: Db,
  cancel: { orderId: number; userId: number; at: Date },
): Promise<void> {
  const result = await cancelUnpaidOrder(tx, cancel)
  if (result.outcome === 'notFound') throw notFound('Order')
  if (result.outcome === 'notWaiting') {
    const label = ORDER_STATUS_INFO[result.status]?.label.en ?? String(result.status)
    throw new ApiError(
      ResultCode.conflict,
      `This order can no longer be cancelled (it is ${label.toLowerCase()})`,
      { status: result.status },
    )
  }
}
