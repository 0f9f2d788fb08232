import { and, asc, eq, inArray } from 'drizzle-orm'
import { canExtraFeeTransition, ExtraFeeStatus } from '../../../src/domain/extra-fee.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, type payments } from '../../db/schema.ts'
import { log } from '../../observability/log.ts'
import { unlockPaidUpPackages } from './package-unlock.ts'

/* What a confirmed extra-fee payment does (settle()'s effect for purpose 'extra'). */

type PaymentRow = typeof payments.$inferSelect

/**
 * In settle()'s transaction: each fee the payment targets goes 1 → 2 with the payment and the time,
 * in an UPDATE guarded on 1; then each locked box charged by one of them (its package storage fees)
 * is unlocked once nothing is owed on it. A fee no longer unpaid (voided or waived while the shopper was
 * paying) stays as it is and the money is logged for a refund, as for an order that moved on. No
 * points are earned on extra fees.
 */
export async function extraFeesPaid(tx: Db, payment: PaymentRow, at: Date): Promise<void> {
  if (!canExtraFeeTransition(ExtraFeeStatus.waitPay, ExtraFeeStatus.paid)) {
    throw new Error('extra-fee flow forbids 1 → 2')
  }
  const ids = [...payment.target].sort((a, b) => a - b)
  if (ids.length === 0) throw new Error(`extra payment ${payment.id} targets no fee`)
  // In id order, as the pay call locks them.
  const fees = await tx
    .select({ id: extraFees.id, status: extraFees.status })
    .from(extraFees)
    .where(inArray(extraFees.id, ids))
    .orderBy(asc(extraFees.id))
    .for('update')
  const payable = fees.filter((fee) => fee.status === ExtraFeeStatus.waitPay).map((fee) => fee.id)
  const paid =
    payable.length === 0
      ? []
      : await tx
          .update(extraFees)
          .set({ status: ExtraFeeStatus.paid, paymentId: payment.id, paidAt: at, updatedAt: at })
          .where(and(inArray(extraFees.id, payable), eq(extraFees.status, ExtraFeeStatus.waitPay)))
          .returning({ id: extraFees.id, packageId: extraFees.packageId })
  const paidIds = new Set(paid.map((fee) => fee.id))
  const missed = ids.filter((id) => !paidIds.has(id))
  if (missed.length > 0) {
    log.error(
      `[payments] PAID AFTER THE FEES CLOSED: payment ${payment.id} (¥${payment.amount}) for extra fees ${missed.join(', ')}, which are no longer awaiting payment: refund them`,
    )
  }
  const boxes = paid.flatMap((fee) => (fee.packageId === null ? [] : [fee.packageId]))
  await unlockPaidUpPackages(tx, boxes, { actorId: null, by: 'paid', paymentId: payment.id, at })
}
