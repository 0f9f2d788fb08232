import type { OrderStatus } from '../../src/domain/order-status.ts'
import { isCommonFailureKind, type PayFlowEvent } from '../payment/pay-flow.ts'
import type { AttemptFields, PayChoice } from '../payment/payment-types.ts'

export { isPayChoice, type PayChoice } from '../payment/payment-types.ts'

/* The checkout machine's terms: what it is given, what it keeps, what it hears and how a call fails. */

/**
 * Why a call of the checkout failed, as the feature that makes the calls reports it:
 * - `offline`: no answer (no network, timeout, a server fault): nobody knows whether the server acted;
 * - `latchClosed`: payments are closed (409 "Payment is currently unavailable"): nothing was created;
 * - `address`: the delivery address is missing or not the shopper's (400): nothing was created;
 * - `refused`: any other refusal (409 naming a product, an order no longer payable …), with the
 *   server's message, which names the product in the shopper's language;
 * - `notFound`: the order or the payment does not exist for this shopper (404).
 */
export type CheckoutFailure =
  | { kind: 'offline' }
  | { kind: 'latchClosed'; message: string }
  | { kind: 'address'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'notFound' }

/** A refusal kept for the interface until the shopper acts again. */
export type CheckoutError = Exclude<CheckoutFailure, { kind: 'offline' } | { kind: 'notFound' }>

export function isCheckoutFailure(value: unknown): value is CheckoutFailure {
  const kind = (value as { kind?: unknown } | null)?.kind
  return isCommonFailureKind(kind) || kind === 'address'
}

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

export interface CheckoutContext extends AttemptFields {
  /** Whose checkout (`customer:{id}`); a saved checkout of anyone else is never restored. */
  owner: string
  /** The cart lines ordered and the points asked for (createOrder's body and `?score=`). */
  cartLineIds: number[]
  points: number
  /** createOrder's idempotency key: made once on the first try, kept for every retry of that order. */
  createKey: string | null
  orderId: number | null
  /** The order's status as last read from the server. */
  orderStatus: OrderStatus | null
  choice: PayChoice | null
  addressId: number | null
  error: CheckoutError | null
}

export interface CheckoutInput {
  owner: string
  /** A new checkout from the cart: the selected lines and the points to use. */
  cartLineIds?: number[]
  points?: number
  /** An order already placed (opened from the order page). */
  orderId?: number
  /** A payment the shopper came back from (a result page). */
  paymentId?: string
}

export type CheckoutEvent =
  | PayFlowEvent
  /** The shopper confirmed the order. */
  | { type: 'CONFIRM' }
  | { type: 'SELECT_ADDRESS'; addressId: number | null }
