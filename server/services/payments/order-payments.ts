import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import type { PaymentPurpose } from '../../../src/domain/payments.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { PG_LOCK_NOT_AVAILABLE, pgErrorCode } from '../../db/errors.ts'
import { payments } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { failPayment } from './fail-payment.ts'

/* The payments of one order: what its pages list, what a refund gives back, what a new attempt ends. */

/** The purposes that pay for the order itself (its deposit and its balance). */
export const ORDER_PAYMENT_PURPOSES: PaymentPurpose[] = ['deposit', 'balance']

/** Payments that settle this order (a payment's `target` lists the orders it pays for). */
export const paysForOrder = (orderId: number): SQL =>
  sql`${payments.target} @> ${JSON.stringify([orderId])}::jsonb`

/** Every payment of the order itself, any status. */
export const orderPaymentsOf = (orderId: number): SQL | undefined =>
  and(paysForOrder(orderId), inArray(payments.purpose, ORDER_PAYMENT_PURPOSES))

export const paymentBeingConfirmed = () =>
  new ApiError(
    ResultCode.conflict,
    'A payment of this order is being confirmed; please reload the order in a moment',
  )

/** An open payment that endOpenOrderPayments ended: the caller may close it at its provider too. */
export type EndedPayment = Pick<
  typeof payments.$inferSelect,
  'id' | 'gateway' | 'providerRef' | 'amount' | 'currency' | 'pointsUsed' | 'userId'
>

/**
 * Ends the order's open payments of one purpose (its deposit, or its balance) 1 → 4 with `failure`, in
 * the caller's transaction, which holds the order's row lock; answers the ones that ended (failPayment
 * gives a balance payment's points back). They are locked NOWAIT: settle() locks a payment before it
 * moves the order, so a payment being confirmed right now holds its lock and waits for ours on the
 * order: waiting here would deadlock. Instead the caller gives way (409, `paymentBeingConfirmed`) and
 * the payment wins.
 */
export function endOpenOrderPayments(
  tx: Db,
  orderId: number,
  purpose: 'deposit' | 'balance',
  failure: string,
  at: Date,
): Promise<EndedPayment[]> {
  return endOpenPayments(
    tx,
    and(paysForOrder(orderId), eq(payments.purpose, purpose)),
    { failure, beingConfirmed: paymentBeingConfirmed },
    at,
  )
}

/**
 * endOpenOrderPayments for any target (a package's shipping fee…): the open payments `which` selects end
 * 1 → 4, locked NOWAIT for the reason given there; a payment being confirmed throws `beingConfirmed()`.
 */
export async function endOpenPayments(
  tx: Db,
  which: SQL | undefined,
  how: { failure: string; beingConfirmed: () => ApiError },
  at: Date,
): Promise<EndedPayment[]> {
  let open: EndedPayment[]
  try {
    open = await tx
      .select({
        id: payments.id,
        gateway: payments.gateway,
        providerRef: payments.providerRef,
        amount: payments.amount,
        currency: payments.currency,
        pointsUsed: payments.pointsUsed,
        userId: payments.userId,
      })
      .from(payments)
      .where(and(which, eq(payments.status, PaymentStatus.waitPay)))
      .orderBy(asc(payments.id))
      .for('update', { noWait: true })
  } catch (error) {
    if (pgErrorCode(error) === PG_LOCK_NOT_AVAILABLE) throw how.beingConfirmed()
    throw error
  }
  const ended: EndedPayment[] = []
  for (const payment of open) {
    if (await failPayment(tx, payment.id, how.failure, at)) ended.push(payment)
  }
  return ended
}
