import { and, eq, or, type SQL, sql } from 'drizzle-orm'
import type { ExtraPayRefusalData } from '../../../src/domain/extras.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { type EndedPayment, endOpenPayments } from '../payments/order-payments.ts'

/* The extra-fee payments that cover some fees: what a new attempt or an operator's void ends first. */

export const FEE_BEING_CONFIRMED_MESSAGE =
  'A payment of these extra fees is being confirmed; please reload the fees in a moment'

export const feePaymentBeingConfirmed = (feeIds: number[]) => {
  const data: ExtraPayRefusalData = { reason: 'beingConfirmed', feeIds }
  return new ApiError(ResultCode.conflict, FEE_BEING_CONFIRMED_MESSAGE, data)
}

/** Extra-fee payments whose `target` names any of `feeIds` (the GIN index answers each @>). */
export const paysForAnyFee = (feeIds: readonly number[]): SQL | undefined =>
  and(
    eq(payments.purpose, 'extra'),
    or(...feeIds.map((id) => sql`${payments.target} @> ${JSON.stringify([id])}::jsonb`)),
  )

/**
 * Ends the open extra-fee attempts covering any of `feeIds` 1 → 4 with `failure` (their held points come
 * back), in the caller's transaction, which holds the fees' row locks. NOWAIT, as endOpenOrderPayments
 * explains: a payment being confirmed right now wins and the caller gets the 409 `beingConfirmed`.
 * An attempt that also covered other fees ends whole: those are payable again on their own.
 */
export function endOpenFeePayments(
  tx: Db,
  feeIds: number[],
  failure: string,
  at: Date,
): Promise<EndedPayment[]> {
  return endOpenPayments(
    tx,
    paysForAnyFee(feeIds),
    { failure, beingConfirmed: () => feePaymentBeingConfirmed(feeIds) },
    at,
  )
}
