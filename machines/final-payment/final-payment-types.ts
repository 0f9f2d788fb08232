import type { DeadlineState } from '../../src/domain/deadlines.ts'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import { isCommonFailureKind, type PayFlowEvent } from '../payment/pay-flow.ts'
import type { AttemptFields, PayChoice } from '../payment/payment-types.ts'

/* The final payment's terms: what it is given, what it keeps, what it hears and how a call fails. */

/**
 * Why a call of the final payment failed, as the feature that makes the calls reports it:
 * - `offline`: no answer (no network, timeout, a server fault): nobody knows whether the server acted;
 * - `latchClosed`: payments are closed (409 "Payment is currently unavailable"): nothing was created;
 * - `forfeited`: the goods were forfeited after the deadline (409): the balance can no longer be paid;
 * - `refused`: any other refusal (409: the order is no longer awaiting its balance …), with the
 *   server's message;
 * - `notFound`: the order or the payment does not exist for this shopper (404).
 */
export type FinalPaymentFailure =
  | { kind: 'offline' }
  | { kind: 'latchClosed'; message: string }
  | { kind: 'forfeited'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'notFound' }

/** A refusal kept for the panel until the shopper acts again. */
export type FinalPaymentError = Exclude<FinalPaymentFailure, { kind: 'offline' } | { kind: 'notFound' }>

export function isFinalPaymentFailure(value: unknown): value is FinalPaymentFailure {
  const kind = (value as { kind?: unknown } | null)?.kind
  return isCommonFailureKind(kind) || kind === 'forfeited'
}

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

export interface FinalPaymentContext extends AttemptFields {
  /** Whose payment (`customer:{id}`); a saved one of anyone else is never restored. */
  owner: string
  orderId: number | null
  /** The order's status as last read from the server. */
  orderStatus: OrderStatus | null
  /** The amount due as last read (the points asked for never exceed it). */
  amountDue: number | null
  points: number
  choice: PayChoice | null
  error: FinalPaymentError | null
}

export interface FinalPaymentInput {
  owner: string
  /** The order whose balance is to be paid (the order page's panel). */
  orderId?: number
  /** A payment the shopper came back from (a result page). */
  paymentId?: string
}

export type FinalPaymentEvent =
  | PayFlowEvent
  /** The points to use (whole points; more than the amount due is cut to it). */
  | { type: 'SET_POINTS'; points: number }
