import { and, eq } from 'drizzle-orm'
import { balanceDueDate, forfeitureDate } from '../../../src/domain/deadlines.ts'
import {
  canExtraFeeTransition,
  EXTRA_FEE_FLOW,
  ExtraFeeStatus,
  ExtraFeeType,
} from '../../../src/domain/extra-fee.ts'
import type { Db } from '../../db/client.ts'
import { extraFees } from '../../db/schema.ts'
import { log } from '../../observability/log.ts'

/* The late-fee record of an order (extra fee type 3, at most one per order) as the balance payment sees it. */

type ExtraFeeRow = typeof extraFees.$inferSelect

/** Remark of a late fee voided because the balance was paid by an attempt begun before the fee was due. */
export const LATE_FEE_NOT_DUE_REMARK = 'Void: the balance payment began before the late fee was due'

const lateFeeOf = (orderId: number) =>
  and(eq(extraFees.orderId, orderId), eq(extraFees.type, ExtraFeeType.late))

async function lockedLateFee(tx: Db, orderId: number): Promise<ExtraFeeRow | undefined> {
  const [row] = await tx.select().from(extraFees).where(lateFeeOf(orderId)).for('update')
  return row
}

/**
 * Whether the order's late fee is no longer the shopper's to pay: its record was paid some other way,
 * voided or waived by an operator. A fee waived stays waived: the balance does not charge it again.
 */
export async function lateFeeSettledElsewhere(tx: Db, orderId: number): Promise<boolean> {
  const [row] = await tx.select({ status: extraFees.status }).from(extraFees).where(lateFeeOf(orderId))
  return row !== undefined && row.status !== ExtraFeeStatus.waitPay
}

export interface BalanceLateFee {
  orderId: number
  userId: number
  arrivedAt: string | null
  paymentId: string
  /** The late fee the balance payment carried (frozen when the attempt began). */
  lateFee: number
}

/**
 * In settle()'s transaction, once the balance payment moved the order 5 → 6: the order's unpaid late
 * fee is marked paid by it, at the amount it carried (the sweep may have moved the record's amount
 * since). A payment that carried no fee, begun before the fee was due, voids the record instead so it
 * cannot block the order's packaging. A fee paid without a record (the sweep had not run yet that day)
 * gets one, so the shopper's fees and a later refund both see it.
 */
export async function settleBalanceLateFee(tx: Db, paid: BalanceLateFee, at: Date): Promise<void> {
  let record = await lockedLateFee(tx, paid.orderId)
  if (!record) {
    if (paid.lateFee === 0) return
    await tx
      .insert(extraFees)
      .values({
        userId: paid.userId,
        type: ExtraFeeType.late,
        status: EXTRA_FEE_FLOW.initial,
        amount: paid.lateFee,
        orderId: paid.orderId,
        orderIds: [paid.orderId],
        dueDate: paid.arrivedAt ? forfeitureDate(balanceDueDate(paid.arrivedAt)) : null,
        createdAt: at,
        updatedAt: at,
      })
      // the sweep may have written it meanwhile: then that one is the record
      .onConflictDoNothing()
    record = await lockedLateFee(tx, paid.orderId)
    if (!record) throw new Error(`order ${paid.orderId}: the late-fee record could not be written`)
  }
  if (record.status !== ExtraFeeStatus.waitPay) {
    if (paid.lateFee > 0) {
      log.error(
        `[payments] LATE FEE PAID TWICE: payment ${paid.paymentId} carried ¥${paid.lateFee} for order ${paid.orderId}, whose late fee ${record.id} is already in status ${record.status}: refund the fee`,
      )
    }
    return
  }
  const to = paid.lateFee > 0 ? ExtraFeeStatus.paid : ExtraFeeStatus.void
  if (!canExtraFeeTransition(ExtraFeeStatus.waitPay, to)) throw new Error(`extra-fee flow forbids 1 → ${to}`)
  const changes =
    to === ExtraFeeStatus.paid
      ? { status: to, amount: paid.lateFee, paymentId: paid.paymentId, paidAt: at, updatedAt: at }
      : { status: to, remark: LATE_FEE_NOT_DUE_REMARK, updatedAt: at }
  const [changed] = await tx
    .update(extraFees)
    .set(changes)
    .where(and(eq(extraFees.id, record.id), eq(extraFees.status, ExtraFeeStatus.waitPay)))
    .returning({ id: extraFees.id })
  // Unreachable under the row lock; kept so a change of locking cannot pass silently.
  if (!changed) throw new Error(`late fee ${record.id} changed while its order's balance settled`)
}

/**
 * In refundOrder()'s transaction: the late fee a refunded balance payment paid goes 2 → 3 refund with it.
 * Answers how many records changed.
 */
export async function refundBalanceLateFee(tx: Db, paymentId: string, at: Date): Promise<number> {
  if (!canExtraFeeTransition(ExtraFeeStatus.paid, ExtraFeeStatus.refund))
    throw new Error('extra-fee flow forbids 2 → 3')
  const refunded = await tx
    .update(extraFees)
    .set({ status: ExtraFeeStatus.refund, updatedAt: at })
    .where(
      and(
        eq(extraFees.paymentId, paymentId),
        eq(extraFees.type, ExtraFeeType.late),
        eq(extraFees.status, ExtraFeeStatus.paid),
      ),
    )
    .returning({ id: extraFees.id })
  return refunded.length
}

/** Remark of an unpaid late fee voided because its order was refunded (the goods will not be delivered). */
export const LATE_FEE_REFUNDED_REMARK = 'Void: the order was refunded'

/** Voids the order's late fee while it is unpaid (1 → 4), with the reason. Answers whether it changed. */
export async function voidUnpaidLateFee(tx: Db, orderId: number, remark: string, at: Date): Promise<boolean> {
  if (!canExtraFeeTransition(ExtraFeeStatus.waitPay, ExtraFeeStatus.void))
    throw new Error('extra-fee flow forbids 1 → 4')
  const voided = await tx
    .update(extraFees)
    .set({ status: ExtraFeeStatus.void, remark, updatedAt: at })
    .where(and(lateFeeOf(orderId), eq(extraFees.status, ExtraFeeStatus.waitPay)))
    .returning({ id: extraFees.id })
  return voided.length > 0
}
