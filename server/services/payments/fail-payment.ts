import { and, eq } from 'drizzle-orm'
import { canPaymentTransition, PaymentStatus } from '../../../src/domain/payment-status.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema.ts'
import { changePoints } from '../points.ts'

/**
 * Ends an open payment (the gateway reports a decline, a cancel or an expiry; a newer attempt replaces
 * it): 1 → 4 with the reason, guarded, so a paid payment never moves back and a repeat changes nothing.
 * The order stays payable. Points a balance (or later fee) payment held from the shopper go back to them
 * in the same transaction; a deposit's points are the order's (held at checkout) and stay with it until
 * the order itself is cancelled. Answers whether it changed.
 */
export async function failPayment(
  tx: Db,
  paymentId: string,
  failure: string | null,
  at: Date,
): Promise<boolean> {
  if (!canPaymentTransition(PaymentStatus.waitPay, PaymentStatus.cancel))
    throw new Error('payment flow forbids 1 → 4')
  const [ended] = await tx
    .update(payments)
    .set({ status: PaymentStatus.cancel, failure: failure ?? 'cancelled', updatedAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, PaymentStatus.waitPay)))
    .returning({
      id: payments.id,
      userId: payments.userId,
      purpose: payments.purpose,
      target: payments.target,
      pointsUsed: payments.pointsUsed,
    })
  if (!ended) return false
  if (ended.purpose !== 'deposit' && ended.pointsUsed > 0) {
    await changePoints(tx, {
      userId: ended.userId,
      delta: ended.pointsUsed,
      reason: 'return',
      // only a balance payment's target is an order (shipping targets packages, extra fees their ids)
      orderId: ended.purpose === 'balance' ? (ended.target[0] ?? null) : null,
      paymentId: ended.id,
    })
  }
  return true
}
