import { and, eq, gte, notInArray, sql } from 'drizzle-orm'
import { OrderStatus } from '../../../src/domain/order-status-codes.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, orders } from '../../db/schema.ts'

/** How far back best sellers and trending brands look (backoffice §2 'Shopper side'). */
export const SALES_WINDOW_DAYS = 30

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Orders that were paid: from 3 waitOrder on (the first payment settled), except those refunded (12)
 * or forfeited (15). Cancelled unpaid (1) and split parents (0, whose lines live on in their children)
 * are below 3, so no line is counted twice.
 */
const wasPaid = and(
  gte(orders.status, OrderStatus.waitOrder),
  notInArray(orders.status, [OrderStatus.refund, OrderStatus.cancel2]),
)

/**
 * Units of each product on orders paid and placed within the last 30 days of the shop clock `now`,
 * as a subquery (`productId`, `sold`) to join on. Ordered within a 30-minute payment window, an
 * order's creation time stands for when it was paid.
 */
export function paidSalesSince(db: Db, now: Date) {
  const since = new Date(now.getTime() - SALES_WINDOW_DAYS * DAY_MS)
  return db
    .select({
      productId: orderLines.productId,
      sold: sql<number>`sum(${orderLines.quantity})`.mapWith(Number).as('sold'),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(wasPaid, gte(orders.createdAt, since)))
    .groupBy(orderLines.productId)
    .as('paid_sales')
}
