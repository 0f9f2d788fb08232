import * as savedFlow from '../shared/saved-flow.ts'
import type { ExtraPaymentContext } from './extra-payment-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const EXTRA_PAYMENT_MACHINE_VERSION = 2

/** A persisted snapshot of the extra-payment machine, as `getPersistedSnapshot()` writes it. */
export type SavedExtraPayment = savedFlow.SavedFlow<ExtraPaymentContext>

const RESTING_STATES = savedFlow.payFlowResting('loadFailed', 'choosing')
const IN_FLIGHT = savedFlow.payFlowInFlight('loading')

const isIdList = (value: unknown): boolean => Array.isArray(value) && value.every(savedFlow.isId)

const isFee = (value: unknown): boolean =>
  savedFlow.isObject(value) &&
  savedFlow.isId(value.id) &&
  isIdList(value.orderIds) &&
  savedFlow.isNullable(value.packageId, savedFlow.isId) &&
  typeof value.status === 'number' &&
  typeof value.type === 'number' &&
  savedFlow.isWholeCount(value.amount) &&
  typeof value.createTime === 'string' &&
  (value.dueDate === null || typeof value.dueDate === 'string') &&
  (value.remark === null || typeof value.remark === 'string')

function isContext(value: unknown): value is ExtraPaymentContext {
  if (!savedFlow.isObject(value)) return false
  const c = value
  return (
    (c.fees === null || (Array.isArray(c.fees) && c.fees.every(isFee))) &&
    isIdList(c.selected) &&
    savedFlow.isWholeCount(c.points) &&
    savedFlow.isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts savedFlow.parseSavedFlow). */
export function parseSavedExtraPayment(saved: unknown, owner: string): SavedExtraPayment | undefined {
  return savedFlow.parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
