import { and, count, desc, eq, sql } from 'drizzle-orm'
import { ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import type { ExtraFeeDto, ExtraPayCountDto, ExtraPayListQuery } from '../../../src/domain/extras.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import type { Page } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, orders } from '../../db/schema.ts'
import { extraFeeDtos } from './extra-fee-dto.ts'

/* The shopper's own extra fees (spec §7 'extra_pay'; flows §6 counts): the badge count and the list. */

/**
 * Not the late fee of an order still awaiting its balance (5): that one is paid with the balance, which
 * the balance count and reminders already cover. Needs `orders` left-joined on the fee's order.
 */
export const notPaidWithBalance = () =>
  sql`not (${extraFees.type} = ${ExtraFeeType.late} and ${orders.status} is not distinct from ${OrderStatus.arrival})`

/**
 * GET /mall/extra_pay/count: the caller's unpaid fees that /extra can settle (the header badge and the
 * tips dialog's "extra payments due"); a late fee riding on an unpaid balance counts with the balance.
 */
export async function extraPayCount(db: Db, userId: number): Promise<ExtraPayCountDto> {
  const [row] = await db
    .select({ count: count() })
    .from(extraFees)
    .leftJoin(orders, eq(orders.id, extraFees.orderId))
    .where(
      and(eq(extraFees.userId, userId), eq(extraFees.status, ExtraFeeStatus.waitPay), notPaidWithBalance()),
    )
  return { count: row?.count ?? 0 }
}

/** GET /mall/extra_pay/list: the caller's fees, unpaid first (what the page offers to pay), then newest first. */
export async function listExtraFees(
  db: Db,
  userId: number,
  query: ExtraPayListQuery,
): Promise<Page<ExtraFeeDto>> {
  const where = and(
    eq(extraFees.userId, userId),
    query.status === undefined ? undefined : eq(extraFees.status, query.status),
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(extraFees)
      .where(where)
      .orderBy(
        desc(sql`${extraFees.status} = ${ExtraFeeStatus.waitPay}`),
        desc(extraFees.createdAt),
        desc(extraFees.id),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(extraFees).where(where),
  ])
  return {
    list: await extraFeeDtos(db, rows),
    total: counted?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }
}
