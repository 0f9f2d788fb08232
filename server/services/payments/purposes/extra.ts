import { and, asc, eq, inArray } from 'drizzle-orm'
import { canExtraFeeTransition, ExtraFeeStatus, ExtraFeeType } from '../../../../src/domain/extra-fee.ts'
import type { ExtraPayRefusalData } from '../../../../src/domain/extras.ts'
import { OrderStatus } from '../../../../src/domain/order-status.ts'
import { ResultCode } from '../../../../src/domain/result-code.ts'
import { extraFees, orders } from '../../../db/schema.ts'
import { ApiError, notFound } from '../../../http/envelope.ts'
import { log } from '../../../observability/log.ts'
import { endOpenFeePayments } from '../../extras/fee-payments.ts'
import { unlockPaidUpPackages } from '../../extras/package-unlock.ts'
import type { PayPurpose } from './purpose.ts'

/* One or several extra fees paid at once (`extraPay`; spec §7 'extra_pay'; flows §2, §3). */

export interface ExtraDetails {
  /** The path's `{ids}`: each once, at most MAX_FEES_PER_PAYMENT (checked by the route). */
  feeIds: number[]
  /** `{score}` / `?score=`: points the shopper asks to use (capped by the sum and by what they have). */
  points: number
}

export const NOT_PAYABLE_MESSAGE = 'These extra fees are no longer awaiting payment'
export const LATE_FEE_WITH_BALANCE_MESSAGE = "This late fee is paid with the order's balance"

const notPayable = (message: string, feeIds: number[]) => {
  const data: ExtraPayRefusalData = { reason: 'notPayable', feeIds }
  return new ApiError(ResultCode.conflict, message, data)
}

export const extraPurpose: PayPurpose<ExtraDetails> = {
  name: 'extra',

  /**
   * The caller's fees, locked in id order (404 for one that is not the caller's or does not exist: one
   * answer for both), each still unpaid (else 409 notPayable), none a late fee whose order still awaits
   * its balance (409 notPayable: the balance carries it). Due: their sum; the target is their ids.
   */
  async charge(tx, request, at) {
    const feeIds = [...request.feeIds].sort((a, b) => a - b)
    const fees = await tx
      .select({
        id: extraFees.id,
        type: extraFees.type,
        status: extraFees.status,
        amount: extraFees.amount,
        orderStatus: orders.status,
      })
      .from(extraFees)
      .leftJoin(orders, eq(orders.id, extraFees.orderId))
      .where(and(inArray(extraFees.id, feeIds), eq(extraFees.userId, request.userId)))
      .orderBy(asc(extraFees.id))
      .for('update', { of: extraFees })
    if (fees.length !== feeIds.length) throw notFound('Extra fee')
    const closed = fees.filter((fee) => fee.status !== ExtraFeeStatus.waitPay).map((fee) => fee.id)
    if (closed.length > 0) throw notPayable(NOT_PAYABLE_MESSAGE, closed)
    // A late fee whose order still awaits its balance is carried by the balance payment (late-fees.ts):
    // paid apart, the shopper would pay it twice.
    const withBalance = fees
      .filter((fee) => fee.type === ExtraFeeType.late && fee.orderStatus === OrderStatus.arrival)
      .map((fee) => fee.id)
    if (withBalance.length > 0) throw notPayable(LATE_FEE_WITH_BALANCE_MESSAGE, withBalance)

    return {
      target: feeIds,
      amountDue: fees.reduce((total, fee) => total + fee.amount, 0),
      points: { from: 'shopper', asked: request.points, orderId: null },
      // an attempt that also covered other fees ends whole: those are payable again on their own
      endOpenAttempts: () => endOpenFeePayments(tx, feeIds, 'superseded', at),
    }
  },

  /**
   * Each fee the payment targets 1 → 2 with the payment and the time, in an UPDATE guarded on 1; then
   * each locked box charged by one of them (its package storage fees) is unlocked once nothing is owed
   * on it. A fee no longer unpaid (voided or waived while the shopper was paying) stays as it is and the
   * money is logged for a refund, as for an order that moved on. No points are earned on extra fees.
   */
  async settled(tx, payment, at) {
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
  },
}
