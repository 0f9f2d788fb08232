import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { canOrderTransition, ORDER_STATUS_INFO, OrderStatus } from '../../../src/domain/order-status.ts'
import { canPaymentTransition, PaymentStatus } from '../../../src/domain/payment-status.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, orders, payments, products } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
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

/** PostgreSQL's lock_not_available (a NOWAIT lock that another transaction holds); drizzle wraps it in `cause`. */
function isLockNotAvailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '55P03') return true
  }
  return false
}

export const paymentBeingConfirmed = () =>
  new ApiError(
    ResultCode.conflict,
    'A payment of this order is being confirmed; please reload the order in a moment',
  )

/**
 * Cancels an order still in 2 waitPay (→ 1 cancel1), in the caller's transaction, the one way both the
 * shopper's cancel and the payment-window sweep do it: its open deposit payments end (1 → 4), the stock
 * it reserved goes back, and the points it held return to the shopper with a ledger row.
 *
 * The order row is locked first and its status re-read, and every change is guarded on the old status,
 * so a repeat, the sweep on another server or the shopper's own cancel at the same moment changes
 * nothing twice. The open payments are then locked with NOWAIT: settle() locks a payment before it
 * moves the order 2 → 3, so a payment being confirmed right now holds its lock and waits for ours on
 * the order — waiting here would deadlock. Instead this cancel gives way (409, `paymentBeingConfirmed`)
 * and the payment wins: the order becomes 3 and is never cancelled.
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

  const open = await lockOpenDepositPayments(tx, orderId)
  if (open.length > 0 && !canPaymentTransition(PaymentStatus.waitPay, PaymentStatus.cancel)) {
    throw new Error('payment flow forbids 1 → 4')
  }
  let paymentsCancelled = 0
  for (const payment of open) {
    const ended = await tx
      .update(payments)
      .set({ status: PaymentStatus.cancel, updatedAt: at })
      .where(and(eq(payments.id, payment.id), eq(payments.status, PaymentStatus.waitPay)))
      .returning({ id: payments.id })
    paymentsCancelled += ended.length
  }

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

async function lockOpenDepositPayments(tx: Db, orderId: number): Promise<{ id: string }[]> {
  try {
    return await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          sql`${payments.target} @> ${JSON.stringify([orderId])}::jsonb`,
          eq(payments.purpose, 'deposit'),
          eq(payments.status, PaymentStatus.waitPay),
        ),
      )
      .orderBy(asc(payments.id))
      .for('update', { noWait: true })
  } catch (error) {
    if (isLockNotAvailable(error)) throw paymentBeingConfirmed()
    throw error
  }
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
  if (result.outcome === 'notFound') throw new ApiError(ResultCode.notFound, 'Order not found')
  if (result.outcome === 'notWaiting') {
    const label = ORDER_STATUS_INFO[result.status]?.label.en ?? String(result.status)
    throw new ApiError(
      ResultCode.conflict,
      `This order can no longer be cancelled (it is ${label.toLowerCase()})`,
      { status: result.status },
    )
  }
}
