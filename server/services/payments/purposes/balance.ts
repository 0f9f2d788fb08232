import { and, eq } from 'drizzle-orm'
import { balanceOwed } from '../../../../src/domain/arrival.ts'
import { shopDate } from '../../../../src/domain/dates.ts'
import { balanceDueDate, classifyDeadline, lateFee } from '../../../../src/domain/deadlines.ts'
import { OrderStatus } from '../../../../src/domain/order-status.ts'
import { ResultCode } from '../../../../src/domain/result-code.ts'
import { orders } from '../../../db/schema.ts'
import { ApiError, notFound } from '../../../http/envelope.ts'
import { lateFeeSettledElsewhere, settleBalanceLateFee } from '../late-fees.ts'
import { endOpenOrderPayments } from '../order-payments.ts'
import { creditOrder, earnPoints } from './order-paid.ts'
import type { PayPurpose } from './purpose.ts'

/* The final payment of an order (`finallyPay` / `finalPay`; flows §1, §4): its balance and late fee. */

export interface BalanceDetails {
  orderId: number
  /** `?score=`: points the shopper asks to use (capped by what is due and what they have). */
  points: number
}

export const FORFEITED_MESSAGE =
  'The goods of this order were forfeited after the balance deadline; its balance can no longer be paid'

const forfeited = () => new ApiError(ResultCode.conflict, FORFEITED_MESSAGE, { status: OrderStatus.cancel2 })

export const balancePurpose: PayPurpose<BalanceDetails> = {
  name: 'balance',

  /**
   * The caller's order in 5 arrival (else 404, or 409; forfeited: 409 in 15, or past its forfeiture
   * date before the sweep has got to it). Due: the balance still owed plus the late fee so far (the
   * domain's figure for the shop's day), in one payment that freezes the fee as `lateFee`.
   */
  async charge(tx, request, at) {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        goods: orders.goods,
        total: orders.total,
        paidAmount: orders.paidAmount,
        arrivedAt: orders.arrivedAt,
      })
      .from(orders)
      .where(and(eq(orders.id, request.orderId), eq(orders.userId, request.userId)))
      .for('update')
    if (!order) throw notFound('Order')
    if (order.status === OrderStatus.cancel2) throw forfeited()
    if (order.status !== OrderStatus.arrival) {
      throw new ApiError(ResultCode.conflict, 'This order is not awaiting its balance', {
        status: order.status,
      })
    }
    const today = shopDate(at)
    if (!today) throw new Error('the shop clock gave no date')
    // An order in 5 always has its arrival date; without one there is no deadline to be late for.
    const balanceDue = order.arrivedAt ? balanceDueDate(order.arrivedAt) : null
    if (balanceDue && classifyDeadline(balanceDue, today).state === 'forfeited') throw forfeited()

    const fee =
      balanceDue && !(await lateFeeSettledElsewhere(tx, order.id))
        ? lateFee(order.goods, balanceDue, today)
        : 0
    return {
      target: [order.id],
      amountDue: balanceOwed(order) + fee,
      points: { from: 'shopper', asked: request.points, orderId: order.id },
      frozen: { lateFee: fee },
      endOpenAttempts: () => endOpenOrderPayments(tx, order.id, 'balance', 'superseded', at),
    }
  },

  /**
   * 5 arrival → 6 finalPay, the goods-and-fees part of what was received added to `paidAmount` (the
   * late fee it carried is the late-fee record's, not the order's), the late-fee record settled with
   * it, points earned on the yen.
   */
  async settled(tx, payment, at) {
    const order = await creditOrder(
      tx,
      payment,
      {
        from: OrderStatus.arrival,
        to: OrderStatus.finalPay,
        credited: payment.amount + payment.pointsUsed - payment.lateFee,
        awaiting: 'its balance',
      },
      at,
    )
    // Forfeited past the grace window, or refunded, meanwhile: nothing moves and nothing is earned.
    if (!order) return
    await settleBalanceLateFee(
      tx,
      {
        orderId: order.id,
        userId: order.userId,
        arrivedAt: order.arrivedAt,
        paymentId: payment.id,
        lateFee: payment.lateFee,
      },
      at,
    )
    await earnPoints(tx, order, payment)
  },
}
