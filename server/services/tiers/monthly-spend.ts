import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { type ShopMonth, shopMonthSpan } from '../../../src/domain/tier-terms.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema.ts'

/*
 * A month's spending (spec §4 'Tier label'; flows §2): the yen of the shopper's payments that are paid
 * (2) and were confirmed within the shop month. Points used are not spending, and a refunded payment
 * (3) no longer counts. The tier job and payInfo share this one rule.
 */

/** The payments that count as spending in `month`. */
export function paidWithin(month: ShopMonth): SQL {
  const { from, to } = shopMonthSpan(month)
  return and(
    eq(payments.status, PaymentStatus.pay),
    gte(payments.settledAt, from),
    lt(payments.settledAt, to),
  ) as SQL
}

/**
 * The spending in `month` of the user whose id is `userId` (a column of the outer query): a scalar
 * subquery that reads that user's payments through their index, so a statement over every member
 * stays one index look-up per member whatever the planner knows of the tables.
 */
export function spendingOf(userId: SQL, month: ShopMonth): SQL {
  return sql`(select coalesce(sum(${payments.amount}), 0) from ${payments}
    where ${payments.userId} = ${userId} and ${paidWithin(month)})`
}

/** One shopper's spending in `month`, in yen. */
export async function monthlySpendOf(db: Db, userId: number, month: ShopMonth): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.userId, userId), paidWithin(month)))
  return Number(row?.total ?? 0)
}
