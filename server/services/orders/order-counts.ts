import { and, eq, lt, sql } from 'drizzle-orm'
import type { FinalCountDto } from '../../../src/domain/arrival.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import { addDays, BALANCE_DUE_DAYS } from '../../../src/domain/deadlines.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { viewCondition } from './order-lists.ts'

/**
 * GET /mall/order/finalCount (flows §6): the caller's operable orders with a balance due (in 5 arrival),
 * and those of them past the balance due date on the shop's day `at`. The due date is the arrival plus
 * BALANCE_DUE_DAYS and its own day is still on time, so an order is overdue when it arrived before
 * today − BALANCE_DUE_DAYS: the cut-off comes from the domain and the database only compares dates.
 */
export async function finalCount(db: Db, request: { userId: number; at: Date }): Promise<FinalCountDto> {
  const today = shopDate(request.at)
  if (!today) throw new Error('the shop clock gave no date')
  const overdueBefore = addDays(today, -BALANCE_DUE_DAYS)
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      overCount: sql<number>`(count(*) filter (where ${lt(orders.arrivedAt, overdueBefore)}))::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, request.userId),
        viewCondition('operable'),
        eq(orders.status, OrderStatus.arrival),
      ),
    )
  return { count: row?.count ?? 0, overCount: row?.overCount ?? 0 }
}
