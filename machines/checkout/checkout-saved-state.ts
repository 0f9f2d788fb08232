import {
  isId,
  isNullable,
  isObject,
  isSavedPayFlow,
  isText,
  parseSavedFlow,
  payFlowInFlight,
  payFlowResting,
  type SavedFlow,
} from '../shared/saved-flow.ts'
import type { CheckoutContext } from './checkout-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const CHECKOUT_MACHINE_VERSION = 2

/** A persisted snapshot of the checkout machine, as `getPersistedSnapshot()` writes it. */
export type SavedCheckout = SavedFlow<CheckoutContext>

const RESTING_STATES = payFlowResting(
  'confirm',
  'createOffline.waiting',
  'createOffline.ready',
  'awaitingPayment',
  'orderClosed',
)
const IN_FLIGHT = payFlowInFlight('creating', 'checkingOrder')

function isContext(value: unknown): value is CheckoutContext {
  if (!isObject(value)) return false
  const c = value
  return (
    Array.isArray(c.cartLineIds) &&
    c.cartLineIds.every(isId) &&
    typeof c.points === 'number' &&
    Number.isSafeInteger(c.points) &&
    c.points >= 0 &&
    isNullable(c.createKey, isText) &&
    isNullable(c.orderId, isId) &&
    (c.orderStatus === null || typeof c.orderStatus === 'number') &&
    isNullable(c.addressId, isId) &&
    isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts parseSavedFlow). */
export function parseSavedCheckout(saved: unknown, owner: string): SavedCheckout | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
