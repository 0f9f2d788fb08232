import * as savedFlow from '../shared/saved-flow.ts'
import type { CheckoutContext } from './checkout-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const CHECKOUT_MACHINE_VERSION = 2

/** A persisted snapshot of the checkout machine, as `getPersistedSnapshot()` writes it. */
export type SavedCheckout = savedFlow.SavedFlow<CheckoutContext>

const RESTING_STATES = savedFlow.payFlowResting(
  'confirm',
  'createOffline.waiting',
  'createOffline.ready',
  'awaitingPayment',
  'orderClosed',
)
const IN_FLIGHT = savedFlow.payFlowInFlight('creating', 'checkingOrder')

function isContext(value: unknown): value is CheckoutContext {
  if (!savedFlow.isObject(value)) return false
  const c = value
  return (
    Array.isArray(c.cartLineIds) &&
    c.cartLineIds.every(savedFlow.isId) &&
    typeof c.points === 'number' &&
    Number.isSafeInteger(c.points) &&
    c.points >= 0 &&
    savedFlow.isNullable(c.createKey, savedFlow.isText) &&
    savedFlow.isNullable(c.orderId, savedFlow.isId) &&
    (c.orderStatus === null || typeof c.orderStatus === 'number') &&
    savedFlow.isNullable(c.addressId, savedFlow.isId) &&
    savedFlow.isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts savedFlow.parseSavedFlow). */
export function parseSavedCheckout(saved: unknown, owner: string): SavedCheckout | undefined {
  return savedFlow.parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
