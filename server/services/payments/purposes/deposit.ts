import { and, eq, sql } from 'drizzle-orm'
import { OrderStatus } from '../../../../src/domain/order-status.ts'
import { BANK_TRANSFER_HOLD_DAYS, type OrderAddressDto } from '../../../../src/domain/orders.ts'
import { SELECT_ADDRESS_MESSAGE } from '../../../../src/domain/payments.ts'
import { ResultCode } from '../../../../src/domain/result-code.ts'
import { orders } from '../../../db/schema.ts'
import { ApiError, notFound } from '../../../http/envelope.ts'
import { ownAddress } from '../../addresses.ts'
import { endOpenOrderPayments } from '../order-payments.ts'
import { creditOrder, earnPoints } from './order-paid.ts'
import { onlyTargetOf, type PayPurpose } from './purpose.ts'

/* The first payment of an order (`orderPay`; flows §1, §3): the deposit, or the whole total without one. */

export interface DepositDetails {
  orderId: number
  /** `?addressId=`: one of the caller's addresses, copied onto the order. */
  addressId: number | undefined
}

const selectAddress = () =>
  new ApiError(ResultCode.invalidInput, `addressId: ${SELECT_ADDRESS_MESSAGE}`, {
    fields: [{ field: 'addressId', message: SELECT_ADDRESS_MESSAGE }],
  })

export const depositPurpose: PayPurpose<DepositDetails> = {
  name: 'deposit',

  /**
   * The caller's order in 2 waitPay (else 404, or 409), with one of the caller's addresses (else 400),
   * which the order keeps a copy of: a later edit of the book does not move a paid order. The points
   * held at checkout pay first.
   */
  async charge(tx, request, at) {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        deposit: orders.deposit,
        pointsHeld: orders.pointsHeld,
      })
      .from(orders)
      .where(and(eq(orders.id, request.orderId), eq(orders.userId, request.userId)))
      .for('update')
    if (!order) throw notFound('Order')
    if (order.status !== OrderStatus.waitPay) {
      throw new ApiError(ResultCode.conflict, 'This order is not awaiting payment', { status: order.status })
    }
    const address =
      request.addressId === undefined ? undefined : await ownAddress(tx, request.userId, request.addressId)
    if (!address) throw selectAddress()
    const kept: OrderAddressDto = { ...address }
    await tx.update(orders).set({ address: kept, updatedAt: at }).where(eq(orders.id, order.id))
    return {
      target: [order.id],
      amountDue: order.deposit,
      points: { from: 'order', held: order.pointsHeld },
      endOpenAttempts: () => endOpenOrderPayments(tx, order.id, 'deposit', 'superseded', at),
    }
  },

  /** 2 waitPay → 3 waitOrder, the yen and points received added to `paidAmount`, points earned on the yen. */
  async settled(tx, payment, at) {
    const order = await creditOrder(
      tx,
      payment,
      {
        from: OrderStatus.waitPay,
        to: OrderStatus.waitOrder,
        credited: payment.amount + payment.pointsUsed,
        awaiting: 'payment',
      },
      at,
    )
    // An order that closed meanwhile (1 is terminal) earns no points on money that goes back.
    if (order) await earnPoints(tx, order, payment)
  },

  /**
   * The order's payment window is stretched to BANK_TRANSFER_HOLD_DAYS from now (never shortened), so
   * the sweep does not cancel it while the transfer is on its way; the order shows the new time.
   */
  async awaitingTransfer(tx, payment, at) {
    const holdUntil = new Date(at.getTime() + BANK_TRANSFER_HOLD_DAYS * 86_400_000)
    await tx
      .update(orders)
      .set({
        payDueAt: sql`greatest(${orders.payDueAt}, ${holdUntil.toISOString()}::timestamptz)`,
        updatedAt: at,
      })
      .where(and(eq(orders.id, onlyTargetOf(payment, 'order')), eq(orders.status, OrderStatus.waitPay)))
  },
}
