import { and, eq, lt, notExists, type SQL, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { addDays, PACKAGING_REQUEST_DAYS, SHIPPING_FEE_DAYS } from '../../../src/domain/deadlines.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import { PackageStatus } from '../../../src/domain/package-status.ts'
import type { PackageNotifyCountDto } from '../../../src/domain/packaging.ts'
import type { Db } from '../../db/client.ts'
import { orders, packageApplyOrders, packages } from '../../db/schema.ts'
import { viewCondition } from '../orders/order-lists.ts'

/*
 * What the shopper still has to do after the balance (flows §6): goods waiting to be requested for
 * packaging and packed boxes waiting for their shipping fee. The header's badges, the tips dialog, the
 * banners, the deadline sweep and the reminders all count the same way, from these conditions.
 */

/**
 * Operable orders (never a 0 split parent) in 6 finalPay that no packaging request holds yet: the goods
 * `GET /mall/package_apply/goods` offers. `userId` narrows it to one shopper (the sweep leaves it out).
 */
export function awaitingApplyCondition(userId?: number): SQL {
  return and(
    userId === undefined ? undefined : eq(orders.userId, userId),
    viewCondition('operable'),
    eq(orders.status, OrderStatus.finalPay),
    notExists(sql`(select 1 from ${packageApplyOrders} where ${packageApplyOrders.orderId} = ${orders.id})`),
  ) as SQL
}

/**
 * Orders of awaitingApplyCondition past their packaging deadline on shop day `today`. The deadline is
 * arrival + PACKAGING_REQUEST_DAYS and its own day is still on time, so an order is overdue when it
 * arrived before today − PACKAGING_REQUEST_DAYS: the cut-off comes from the domain, the database only
 * compares dates.
 */
export function applyOverdueCondition(today: string): SQL {
  return lt(orders.arrivedAt, addDays(today, -PACKAGING_REQUEST_DAYS))
}

/** A shopper's packed boxes whose shipping fee is unpaid (package 3). */
export function awaitingFeeCondition(userId?: number): SQL {
  return and(
    userId === undefined ? undefined : eq(packages.userId, userId),
    eq(packages.status, PackageStatus.package),
  ) as SQL
}

/** Packages of awaitingFeeCondition past the fee's due date (packed + SHIPPING_FEE_DAYS) on `today`. */
export function feeOverdueCondition(today: string): SQL {
  return lt(packages.packedOn, addDays(today, -SHIPPING_FEE_DAYS))
}

/**
 * GET /mall/package_apply/notifyCount (flows §6) for shop clock `at`: applyCount, operable orders in
 * 6 not yet requested; applyOverCount, those past the packaging deadline; count, packages in 3 with the
 * shipping fee unpaid; overCount, those past the fee's due date; badgeCount = count.
 */
export async function packageNotifyCount(
  db: Db,
  request: { userId: number; at: Date },
): Promise<PackageNotifyCountDto> {
  const today = shopDate(request.at)
  if (!today) throw new Error('the shop clock gave no date')
  const [[applies], [boxes]] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        overCount: sql<number>`(count(*) filter (where ${applyOverdueCondition(today)}))::int`,
      })
      .from(orders)
      .where(awaitingApplyCondition(request.userId)),
    db
      .select({
        count: sql<number>`count(*)::int`,
        overCount: sql<number>`(count(*) filter (where ${feeOverdueCondition(today)}))::int`,
      })
      .from(packages)
      .where(awaitingFeeCondition(request.userId)),
  ])
  const count = boxes?.count ?? 0
  return {
    applyCount: applies?.count ?? 0,
    applyOverCount: applies?.overCount ?? 0,
    count,
    overCount: boxes?.overCount ?? 0,
    badgeCount: count,
  }
}
