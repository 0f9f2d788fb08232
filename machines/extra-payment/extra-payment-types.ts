import { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import { type ExtraFeeDto, type ExtraPayRefusal, MAX_FEES_PER_PAYMENT } from '../../src/domain/extras.ts'
import { type FlowFailure, flowFailureGuard, type KeptError, type PayFlowEvent } from '../payment/pay-flow.ts'
import type { PayChoice, PayFlowContext, PayFlowInput } from '../payment/payment-types.ts'

/* The extra payment's terms: what it is given, what it keeps, what it hears and how a call fails. */

/**
 * Why a call of the extra payment failed (FlowFailure), or `feesRefused`: some of the chosen fees
 * cannot be paid now (409 with `ExtraPayRefusalData`: paid or voided meanwhile, a late fee paid with its
 * balance, or being confirmed in another payment). `notFound`: a fee (or the payment) is unknown.
 */
export type ExtraPaymentFailure = FlowFailure<{
  kind: 'feesRefused'
  reason: ExtraPayRefusal
  feeIds: number[]
  message: string
}>

/** A refusal kept for the page until the shopper acts again. */
export type ExtraPaymentError = KeptError<ExtraPaymentFailure>

const REFUSALS: readonly unknown[] = ['notPayable', 'beingConfirmed'] satisfies ExtraPayRefusal[]

export const isExtraPaymentFailure = flowFailureGuard<ExtraPaymentFailure>(
  (failure) =>
    failure.kind === 'feesRefused' && REFUSALS.includes(failure.reason) && Array.isArray(failure.feeIds),
)

/**
 * Whether the shopper may choose this fee on /extra: unpaid, and not a late fee (type 3), which the
 * server takes only with its order's balance (the final payment carries it).
 */
export function isSelectable(fee: Pick<ExtraFeeDto, 'status' | 'type'>): boolean {
  return fee.status === ExtraFeeStatus.waitPay && fee.type !== ExtraFeeType.late
}

/** What the chosen fees add up to (integer yen), counting only those still listed. */
export function selectedTotal(fees: readonly ExtraFeeDto[] | null, selected: readonly number[]): number {
  const chosen = new Set(selected)
  return (fees ?? []).reduce((sum, fee) => (chosen.has(fee.id) ? sum + fee.amount : sum), 0)
}

/** The fees "select all" takes: every selectable one, as many as one payment settles. */
export function selectAllIds(fees: readonly ExtraFeeDto[] | null): number[] {
  return (fees ?? [])
    .filter(isSelectable)
    .slice(0, MAX_FEES_PER_PAYMENT)
    .map((fee) => fee.id)
}

/** What the extra fees' pay call sends besides the attempt's key. */
export interface ExtraPayRequest extends PayChoice {
  /** `{ids}`: the chosen fees, ascending. */
  feeIds: number[]
  /** `{score}` / `?score=`: the points to use. */
  points: number
}

export interface ExtraPaymentContext extends PayFlowContext<ExtraPaymentError> {
  /** The shopper's unpaid fees as last read from the server (null before the first read). */
  fees: ExtraFeeDto[] | null
  /** The chosen fees' ids, ascending: always selectable fees of `fees`. */
  selected: number[]
  /** Points to use; never more than the chosen fees' total. */
  points: number
}

/** Without a result page's payment (`paymentId`), the /extra page's flow. */
export type ExtraPaymentInput = PayFlowInput

export type ExtraPaymentEvent =
  | PayFlowEvent
  /** Read the unpaid fees again (after a payment settled, or when the shopper asks). */
  | { type: 'RELOAD' }
  /** Choose or leave out one fee. */
  | { type: 'TOGGLE'; feeId: number }
  | { type: 'SELECT_ALL' }
  | { type: 'SELECT_NONE' }
  /** The points to use (whole points; more than the chosen total is cut to it). */
  | { type: 'SET_POINTS'; points: number }
