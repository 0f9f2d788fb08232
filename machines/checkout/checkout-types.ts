import type { OrderStatus } from '../../src/domain/order-status.ts'
import { type FlowFailure, flowFailureGuard, type KeptError, type PayFlowEvent } from '../payment/pay-flow.ts'
import type { PayChoice, PayFlowContext, PayFlowInput } from '../payment/payment-types.ts'

export { isPayChoice, type PayChoice } from '../payment/payment-types.ts'

/* The checkout machine's terms: what it is given, what it keeps, what it hears and how a call fails. */

/**
 * Why a call of the checkout failed (FlowFailure), or `address`: the delivery address is missing or not
 * the shopper's (400): nothing was created.
 */
export type CheckoutFailure = FlowFailure<{ kind: 'address'; message: string }>

/** A refusal kept for the interface until the shopper acts again. */
export type CheckoutError = KeptError<CheckoutFailure>

export const isCheckoutFailure = flowFailureGuard<CheckoutFailure>((failure) => failure.kind === 'address')

export interface CreateOrderInput {
  key: string
  cartLineIds: number[]
  points: number
}

/** What the deposit's pay call sends besides the attempt's key. */
export interface PayRequest extends PayChoice {
  orderId: number
  addressId: number
}

export interface CheckoutContext extends PayFlowContext<CheckoutError> {
  /** The cart lines ordered and the points asked for (createOrder's body and `?score=`). */
  cartLineIds: number[]
  points: number
  /** createOrder's idempotency key: made once on the first try, kept for every retry of that order. */
  createKey: string | null
  orderId: number | null
  /** The order's status as last read from the server. */
  orderStatus: OrderStatus | null
  addressId: number | null
}

export interface CheckoutInput extends PayFlowInput {
  /** A new checkout from the cart: the selected lines and the points to use. */
  cartLineIds?: number[]
  points?: number
  /** An order already placed (opened from the order page). */
  orderId?: number
}

export type CheckoutEvent =
  | PayFlowEvent
  /** The shopper confirmed the order. */
  | { type: 'CONFIRM' }
  | { type: 'SELECT_ADDRESS'; addressId: number | null }
