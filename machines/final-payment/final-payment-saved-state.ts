import {
  isId,
  isNullable,
  isObject,
  isSavedAttempt,
  isSavedChoice,
  isText,
  isWholeCount,
  parseSavedFlow,
  type SavedFlow,
} from '../shared/saved-flow.ts'
import type { FinalPaymentContext } from './final-payment-types.ts'

/**
 * Version of the final payment's persisted snapshot. Bump it whenever the machine's states or context
 * change shape: a saved one of another version is then discarded instead of misread (the server still
 * has the order and the payment; the order page and the result pages read them afresh).
 */
export const FINAL_PAYMENT_MACHINE_VERSION = 2

/** A persisted snapshot of the final-payment machine, as `getPersistedSnapshot()` writes it. */
export type SavedFinalPayment = SavedFlow<FinalPaymentContext>

/** Every state a saved final payment may rest in (nested ones as `parent.child`). */
const RESTING_STATES: ReadonlySet<string> = new Set([
  'suspended',
  'choosing',
  'paid',
  'failed',
  'cancelled',
  'payError',
  'orderClosed',
  'forfeited',
  'resumeOffline',
])

/**
 * States whose call (or timer) was running when the snapshot was taken: restored as `suspended`. An
 * attempt is among them whatever its step: its payment is read afresh on RESUME.
 */
const IN_FLIGHT: ReadonlySet<string> = new Set(['resuming', 'attempt', 'checkingOrder'])

function isContext(value: unknown): value is FinalPaymentContext {
  if (!isObject(value)) return false
  const c = value
  return (
    isText(c.owner) &&
    isNullable(c.orderId, isId) &&
    (c.orderStatus === null || typeof c.orderStatus === 'number') &&
    isNullable(c.amountDue, isWholeCount) &&
    isWholeCount(c.points) &&
    isSavedChoice(c.choice) &&
    isSavedAttempt(c) &&
    (c.error === null || isObject(c.error))
  )
}

/**
 * A saved final payment of this shopper in the shape this version writes, ready to restore: in-flight
 * states become `suspended` and their calls are dropped. Anything else (damaged, another shopper's, a
 * state this version does not have) is undefined.
 */
export function parseSavedFinalPayment(saved: unknown, owner: string): SavedFinalPayment | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
