import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import type { PointsReason, PointsRecordDto } from '../../src/domain/points.ts'
import type { Page, PageQuery } from '../../src/domain/queries.ts'
import { ResultCode } from '../../src/domain/result-code.ts'
import type { Db } from '../db/client.ts'
import { pointsLedger, users } from '../db/schema.ts'
import { ApiError } from '../http/envelope.ts'

export type { PointsReason }

export interface PointsChange {
  userId: number
  /** Positive adds points, negative takes them. */
  delta: number
  reason: PointsReason
  /** An operator's adjustment: why, in their words. */
  note?: string | null
  orderId?: number | null
  paymentId?: string | null
  /** The shop's clock, when the caller has it (the ledger row's time); else the database's. */
  at?: Date
}

/**
 * Changes a shopper's points and writes the ledger row with the balance after, in the caller's
 * transaction; answers that row (none for a change of 0). Taking points is a guarded UPDATE
 * (`score >= n`), so two checkouts at once can never spend the same points: the second finds too few
 * and is refused with 409.
 */
export async function changePoints(tx: Db, change: PointsChange): Promise<LedgerRow | undefined> {
  if (!Number.isSafeInteger(change.delta)) throw new RangeError('points delta must be a whole number')
  if (change.delta === 0) return undefined
  const enough = change.delta < 0 ? gte(users.score, -change.delta) : undefined
  const [row] = await tx
    .update(users)
    .set({ score: sql`${users.score} + ${change.delta}` })
    .where(and(eq(users.id, change.userId), enough))
    .returning({ score: users.score })
  if (!row) throw new ApiError(ResultCode.conflict, 'Not enough points; please reload and try again')
  const [entry] = await tx
    .insert(pointsLedger)
    .values({
      userId: change.userId,
      delta: change.delta,
      reason: change.reason,
      note: change.note ?? null,
      orderId: change.orderId ?? null,
      paymentId: change.paymentId ?? null,
      balanceAfter: row.score,
      ...(change.at ? { createdAt: change.at } : {}),
    })
    .returning()
  return entry
}

export async function currentPoints(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ score: users.score }).from(users).where(eq(users.id, userId))
  return row?.score ?? 0
}

/** A ledger row as stored. */
export type LedgerRow = typeof pointsLedger.$inferSelect

/**
 * A page of a shopper's points ledger as stored, newest first; changes of the same instant (a hold and
 * its return) keep the order they were written in.
 */
export async function ledgerRows(db: Db, userId: number, page: PageQuery): Promise<Page<LedgerRow>> {
  const { pageNum, pageSize } = page
  const own = eq(pointsLedger.userId, userId)
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(pointsLedger)
      .where(own)
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ total: count() }).from(pointsLedger).where(own),
  ])
  return { list, total: counted?.total ?? 0, pageNum, pageSize }
}

/** GET /mall/score/list: a page of the shopper's own points history, newest first. */
export async function listPointsRecords(
  db: Db,
  request: { userId: number; page: PageQuery },
): Promise<Page<PointsRecordDto>> {
  const page = await ledgerRows(db, request.userId, request.page)
  return {
    ...page,
    list: page.list.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      points: row.delta,
      remark: row.reason as PointsReason,
      createTime: row.createdAt.toISOString(),
      balance: row.balanceAfter,
    })),
  }
}
