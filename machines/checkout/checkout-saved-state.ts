import {
  isId,
  isNullable,
  isObject,
  isSavedChoice,
  isSavedPayment,
  isText,
  parseSavedFlow,
  type SavedFlow,
} from '../shared/saved-flow.ts'
import type { CheckoutContext } from './checkout-types.ts'

/**
 * Version of the checkout's persisted snapshot. Bump it whenever the machine's states or context
 * change shape: a saved checkout of another version is then discarded instead of misread (the server
 * still has the order and the payment; the order page and the result pages read them afresh).
 */
export const CHECKOUT_MACHINE_VERSION = 1

/** A persisted snapshot of the checkout machine, as `getPersistedSnapshot()` writes it. */
export type SavedCheckout = SavedFlow<CheckoutContext>

/** Every state a saved checkout may rest in (nested ones as `parent.child`). */
const RESTING_STATES: ReadonlySet<string> = new Set([
  'confirm',
  'suspended',
  'createOffline.waiting',
  'createOffline.ready',
  'awaitingPayment',
  'payOffline.waiting',
  'payOffline.ready',
  'redirecting',
  'returned.offline',
  'returned.timedOut',
  'paid',
  'failed',
  'cancelled',
  'payError',
  'orderClosed',
  'resumeOffline',
])

/** States whose call (or timer) was running when the snapshot was taken: restored as `suspended`. */
const IN_FLIGHT: ReadonlySet<string> = new Set([
  'resuming',
  'creating',
  'paying',
  'checkingOrder',
  'checkingPayment',
  'returned.reading',
  'returned.waiting',
])

function isContext(value: unknown): value is CheckoutContext {
  if (!isObject(value)) return false
  const c = value
  return (
    isText(c.owner) &&
    Array.isArray(c.cartLineIds) &&
    c.cartLineIds.every(isId) &&
    typeof c.points === 'number' &&
    Number.isSafeInteger(c.points) &&
    c.points >= 0 &&
    isNullable(c.createKey, isText) &&
    isNullable(c.orderId, isId) &&
    (c.orderStatus === null || typeof c.orderStatus === 'number') &&
    isSavedChoice(c.choice) &&
    isNullable(c.addressId, isId) &&
    isNullable(c.payKey, isText) &&
    isSavedPayment(c.payment) &&
    (c.payStatus === null || isObject(c.payStatus)) &&
    typeof c.returned === 'boolean' &&
    typeof c.polls === 'number' &&
    (c.error === null || isObject(c.error))
  )
}

/**
 * A saved checkout of this shopper in the shape this version writes, ready to restore: in-flight
 * states become `suspended` and their calls are dropped. Anything else (damaged, another shopper's,
 * a state this version does not have) is undefined.
 */
export function parseSavedCheckout(saved: unknown, owner: string): SavedCheckout | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
