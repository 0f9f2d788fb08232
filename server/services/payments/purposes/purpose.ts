import type { PaymentPurpose, PayRoute } from '../../../../src/domain/payments.ts'
import type { Db } from '../../../db/client.ts'
import type { payments } from '../../../db/schema.ts'
import type { EndedPayment } from '../order-payments.ts'

/* What one thing a shopper pays for supplies to the pay service (pay-service.ts) and to settle(). */

export type PaymentRow = typeof payments.$inferSelect

/** Who pays and how: what every pay call carries, whatever it pays for. */
export interface Payer {
  userId: number
  route: PayRoute
  /** The route's `{type}` (already checked against PAY_METHODS). */
  method: number
}

/**
 * Points towards the amount due. `none`: the purpose takes no points. `order`: the points the order
 * held when it was placed pay first and stay the order's (an attempt that ends gives none back).
 * `shopper`: up to `asked` of the shopper's balance, held by this attempt (given back if it ends), the
 * ledger rows naming `orderId`.
 */
export type PointsTowards =
  | { from: 'none' }
  | { from: 'order'; held: number }
  | { from: 'shopper'; asked: number; orderId: number | null }

/** What one attempt charges, answered by the purpose once it has locked and checked what is paid for. */
export interface Charge {
  /** The ids the payment settles (its `target`): one order, one package, or extra fees in id order. */
  target: number[]
  /** Yen due before points. */
  amountDue: number
  points: PointsTowards
  /** Figures frozen on the payment row for the settle effect: what the shopper was quoted. */
  frozen?: Pick<typeof payments.$inferInsert, 'lateFee' | 'shippingMethodId' | 'billedWeightG'>
  /**
   * Ends the open attempts this one replaces (1 → 4 `superseded`; held points come back), locked NOWAIT:
   * one being confirmed right now wins and the pay call gets the purpose's 409.
   */
  endOpenAttempts(): Promise<EndedPayment[]>
}

/**
 * One purpose of a payment (deposit, balance, shipping fee, extra fees): only what is its own. The pay
 * service does every other step of an attempt, and settle() everything but the effect.
 */
export interface PayPurpose<Details> {
  readonly name: PaymentPurpose
  /**
   * In the pay call's transaction: loads what the caller pays for and locks it FOR UPDATE (two attempts
   * at it, or an attempt and its settle, wait for each other), refuses it when it cannot be paid now,
   * and answers the charge. Anything it writes rolls back with a later refusal.
   */
  charge(tx: Db, request: Payer & Details, at: Date): Promise<Charge>
  /**
   * The effect of a confirmed payment, in settle()'s transaction, once the payment moved 1 → 2: the
   * target moves on through its domain flow, guarded on the status it must still be in. A target that
   * has moved on meanwhile is left as it is and the money is logged for a refund.
   */
  settled(tx: Db, payment: PaymentRow, at: Date): Promise<void>
  /**
   * The payment now waits for the shopper's bank transfer (the provider gave its instructions), in the
   * webhook's transaction: what the purpose holds for it meanwhile. Without it, nothing is held.
   */
  awaitingTransfer?(tx: Db, payment: PaymentRow, at: Date): Promise<void>
}

/** The one order or package a deposit, balance or shipping payment settles. */
export function onlyTargetOf(payment: PaymentRow, what: 'order' | 'package'): number {
  const [id] = payment.target
  if (id === undefined || payment.target.length !== 1) {
    throw new Error(`${payment.purpose} payment ${payment.id} must target exactly one ${what}`)
  }
  return id
}
