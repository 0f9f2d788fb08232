import type { DeadlineState } from '../../src/domain/deadlines.ts'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import { type FlowFailure, flowFailureGuard, type KeptError, type PayFlowEvent } from '../payment/pay-flow.ts'
import type { PayChoice, PayFlowContext, PayFlowInput } from '../payment/payment-types.ts'

/* The final payment's terms: what it is given, what it keeps, what it hears and how a call fails. */

/**
 * Why a call of the final payment failed (FlowFailure), or `forfeited`: the goods were forfeited after
 * the deadline (409): the balance can no longer be paid.
 */
export type FinalPaymentFailure = FlowFailure<{ kind: 'forfeited'; message: string }>

/** A refusal kept for the panel until the shopper acts again. */
export type FinalPaymentError = KeptError<FinalPaymentFailure>

export const isFinalPaymentFailure = flowFailureGuard<FinalPaymentFailure>(
  (failure) => failure.kind === 'forfeited',
)

/** The order as the final payment reads it from the server. */
export interface BalanceOrder {
  id: number
  status: OrderStatus
  /** The domain's verdict on the balance deadline for the shop's day (null before arrival). */
  deadlineState: DeadlineState | null
  /** What paying now charges: the balance owed plus the late fee so far (finalAmountDue). */
  amountDue: number
}

/** What the balance's pay call sends besides the attempt's key. */
export interface FinalPayRequest extends PayChoice {
  orderId: number
  /** `?score=`: the points to use. */
  points: number
}

export interface FinalPaymentContext extends PayFlowContext<FinalPaymentError> {
  orderId: number | null
  /** The order's status as last read from the server. */
  orderStatus: OrderStatus | null
  /** The amount due as last read (the points asked for never exceed it). */
  amountDue: number | null
  points: number
}

export interface FinalPaymentInput extends PayFlowInput {
  /** The order whose balance is to be paid (the order page's panel). */
  orderId?: number
}

export type FinalPaymentEvent =
  | PayFlowEvent
  /** The points to use (whole points; more than the amount due is cut to it). */
  | { type: 'SET_POINTS'; points: number }
