import {
  isId,
  isNullable,
  isObject,
  isSavedPayFlow,
  isWholeCount,
  parseSavedFlow,
  payFlowInFlight,
  payFlowResting,
  type SavedFlow,
} from '../shared/saved-flow.ts'
import type { FinalPaymentContext } from './final-payment-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const FINAL_PAYMENT_MACHINE_VERSION = 2

/** A persisted snapshot of the final-payment machine, as `getPersistedSnapshot()` writes it. */
export type SavedFinalPayment = SavedFlow<FinalPaymentContext>

const RESTING_STATES = payFlowResting('choosing', 'orderClosed', 'forfeited')
const IN_FLIGHT = payFlowInFlight('checkingOrder')

function isContext(value: unknown): value is FinalPaymentContext {
  if (!isObject(value)) return false
  const c = value
  return (
    isNullable(c.orderId, isId) &&
    (c.orderStatus === null || typeof c.orderStatus === 'number') &&
    isNullable(c.amountDue, isWholeCount) &&
    isWholeCount(c.points) &&
    isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts parseSavedFlow). */
export function parseSavedFinalPayment(saved: unknown, owner: string): SavedFinalPayment | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
