import * as savedFlow from '../shared/saved-flow.ts'
import type { FinalPaymentContext } from './final-payment-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const FINAL_PAYMENT_MACHINE_VERSION = 2

/** A persisted snapshot of the final-payment machine, as `getPersistedSnapshot()` writes it. */
export type SavedFinalPayment = savedFlow.SavedFlow<FinalPaymentContext>

const RESTING_STATES = savedFlow.payFlowResting('choosing', 'orderClosed', 'forfeited')
const IN_FLIGHT = savedFlow.payFlowInFlight('checkingOrder')

function isContext(value: unknown): value is FinalPaymentContext {
  if (!savedFlow.isObject(value)) return false
  const c = value
  return (
    savedFlow.isNullable(c.orderId, savedFlow.isId) &&
    (c.orderStatus === null || typeof c.orderStatus === 'number') &&
    savedFlow.isNullable(c.amountDue, savedFlow.isWholeCount) &&
    savedFlow.isWholeCount(c.points) &&
    savedFlow.isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts savedFlow.parseSavedFlow). */
export function parseSavedFinalPayment(saved: unknown, owner: string): SavedFinalPayment | undefined {
  return savedFlow.parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
