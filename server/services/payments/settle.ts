import { and, eq } from 'drizzle-orm'
import { canPaymentTransition, PaymentStatus } from '../../../src/domain/payment-status.ts'
import type { PaymentPurpose } from '../../../src/domain/payments.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { balancePurpose } from './purposes/balance.ts'
import { depositPurpose } from './purposes/deposit.ts'
import { extraPurpose } from './purposes/extra.ts'
import type { PaymentRow, PayPurpose } from './purposes/purpose.ts'
import { shippingPurpose } from './purposes/shipping.ts'

export interface Confirmation {
  paymentId: string
  providerRef: string | null
  /** What the provider confirms it took; must equal the payment row. */
  amount: number
  currency: string
}

export type SettleResult =
  /** 1 → 2 now, with its effect. */
  | { settled: true; payment: PaymentRow }
  /** Nothing changed: already paid (a repeat), or no longer payable (logged). */
  | { settled: false; status: PaymentStatus }

/** The purposes by the name a payment row carries: settle() applies the effect of the one it names. */
const PAY_PURPOSES: Record<PaymentPurpose, PayPurpose<never>> = {
  deposit: depositPurpose,
  balance: balancePurpose,
  shipping: shippingPurpose,
  extra: extraPurpose,
}

/** The purpose module a payment row names: every purpose has one, else it throws. */
export function purposeOf(payment: Pick<PaymentRow, 'id' | 'purpose'>): PayPurpose<never> {
  const purpose: PayPurpose<never> | undefined = PAY_PURPOSES[payment.purpose]
  if (!purpose) throw new Error(`payment ${payment.id} has an unknown purpose: ${payment.purpose}`)
  return purpose
}

/**
 * Marks a payment paid and applies its purpose's effect, once (flows §3, payments-facts 'Bugs to
 * design against'). Every confirmation ends here, in the caller's transaction: the row lock makes a
 * webhook racing another delivery (or anything else) wait, and only 1 → 2 applies the effect, so a
 * second confirmation finds the payment paid and does nothing. A confirmation whose amount or currency
 * differs from the row is refused (400) and changes nothing.
 */
export async function settle(tx: Db, confirmation: Confirmation, at: Date): Promise<SettleResult> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, confirmation.paymentId))
    .for('update')
  if (!payment) throw new ApiError(ResultCode.invalidInput, 'paymentId: no such payment')
  const status = payment.status as PaymentStatus
  if (status === PaymentStatus.pay) return { settled: false, status }
  if (!canPaymentTransition(status, PaymentStatus.pay)) {
    // The provider took money for an attempt we had ended (superseded by a newer attempt, or cancelled
    // after the shopper had paid). The flow never reopens it: the operator refunds it at the provider.
    log.error(
      `[payments] MONEY RECEIVED for payment ${payment.id} in status ${status} (provider ref ${confirmation.providerRef}, ¥${confirmation.amount}): refund it at the provider`,
    )
    return { settled: false, status }
  }
  if (confirmation.amount !== payment.amount || confirmation.currency !== payment.currency) {
    log.error(
      `[payments] refused confirmation of ${payment.id}: ${confirmation.currency} ${confirmation.amount} confirmed, ${payment.currency} ${payment.amount} expected`,
    )
    throw new ApiError(ResultCode.invalidInput, 'amount: does not match the payment')
  }
  const [paid] = await tx
    .update(payments)
    .set({
      status: PaymentStatus.pay,
      providerRef: confirmation.providerRef ?? payment.providerRef,
      settledAt: at,
      updatedAt: at,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, PaymentStatus.waitPay)))
    .returning()
  // Unreachable under the row lock; kept so a change of locking cannot apply an effect twice.
  if (!paid) return { settled: false, status }
  // A purpose without a module throws rather than marking money paid with no effect.
  await purposeOf(paid).settled(tx, paid, at)
  return { settled: true, payment: paid }
}
