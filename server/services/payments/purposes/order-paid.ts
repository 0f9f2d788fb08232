import { and, eq, sql } from 'drizzle-orm'
import { shopDate } from '../../../../src/domain/dates.ts'
import { canOrderTransition, type OrderStatus } from '../../../../src/domain/order-status.ts'
import { DEFAULT_SCORE_RATE, pointsEarned } from '../../../../src/domain/pricing.ts'
import { effectiveTier } from '../../../../src/domain/tier-terms.ts'
import type { Db } from '../../../db/client.ts'
import { orders, users } from '../../../db/schema.ts'
import { log } from '../../../observability/log.ts'
import { changePoints } from '../../points.ts'
import { onlyTargetOf, type PaymentRow } from './purpose.ts'

/* What a confirmed payment of the order itself (its deposit, its balance) does to the order. */

export interface OrderCredit {
  from: OrderStatus
  to: OrderStatus
  /** What the payment adds to the order's `paidAmount` (yen and points). */
  credited: number
  /** For the log line of an order that moved on: "payment", "its balance". */
  awaiting: string
}

/**
 * Moves the payment's order `from` → `to` (guarded on `from`) and adds `credited` to what it has paid.
 * null when the order left `from` while the shopper was paying (the window lapsed, it was cancelled,
 * forfeited or refunded): the payment stays 2 pay on record so it shows on the order in the console,
 * the operator refunds it at the provider, and nothing is revived.
 */
export async function creditOrder(
  tx: Db,
  payment: PaymentRow,
  credit: OrderCredit,
  at: Date,
): Promise<{ id: number; userId: number; arrivedAt: string | null } | null> {
  const orderId = onlyTargetOf(payment, 'order')
  if (!canOrderTransition(credit.from, credit.to)) {
    throw new Error(`order flow forbids ${credit.from} → ${credit.to}`)
  }
  const [order] = await tx
    .update(orders)
    .set({ status: credit.to, paidAmount: sql`${orders.paidAmount} + ${credit.credited}`, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, credit.from)))
    .returning({ id: orders.id, userId: orders.userId, arrivedAt: orders.arrivedAt })
  if (!order) {
    log.error(
      `[payments] PAID AFTER THE ORDER CLOSED: payment ${payment.id} (¥${payment.amount}) for order ${orderId}, which is no longer awaiting ${credit.awaiting}: refund it`,
    )
    return null
  }
  return order
}

/** Points earned on the yen of an order's payment, at the shopper's rate on the day it settled. */
export async function earnPoints(
  tx: Db,
  order: { id: number; userId: number },
  payment: PaymentRow,
): Promise<void> {
  const rate = await scoreRateOf(tx, order.userId, payment.settledAt ?? payment.updatedAt)
  const earned = pointsEarned(payment.amount, rate)
  if (earned > 0) {
    await changePoints(tx, {
      userId: order.userId,
      delta: earned,
      reason: 'earn',
      orderId: order.id,
      paymentId: payment.id,
    })
  }
}

/** The shopper's rate on the shop day of `at`: a lapsed tier earns the default (src/domain/tiers.ts). */
async function scoreRateOf(tx: Db, userId: number, at: Date): Promise<number> {
  const [user] = await tx
    .select({ scoreRate: users.scoreRate, scoreTime: users.scoreTime })
    .from(users)
    .where(eq(users.id, userId))
  const today = shopDate(at)
  if (!user || !today) return DEFAULT_SCORE_RATE
  return effectiveTier(user, today).scoreRate
}
