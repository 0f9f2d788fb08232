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
import type { ExtraPaymentContext } from './extra-payment-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const EXTRA_PAYMENT_MACHINE_VERSION = 2

/** A persisted snapshot of the extra-payment machine, as `getPersistedSnapshot()` writes it. */
export type SavedExtraPayment = SavedFlow<ExtraPaymentContext>

const RESTING_STATES = payFlowResting('loadFailed', 'choosing')
const IN_FLIGHT = payFlowInFlight('loading')

const isIdList = (value: unknown): boolean => Array.isArray(value) && value.every(isId)

const isFee = (value: unknown): boolean =>
  isObject(value) &&
  isId(value.id) &&
  isIdList(value.orderIds) &&
  isNullable(value.packageId, isId) &&
  typeof value.status === 'number' &&
  typeof value.type === 'number' &&
  isWholeCount(value.amount) &&
  typeof value.createTime === 'string' &&
  (value.dueDate === null || typeof value.dueDate === 'string') &&
  (value.remark === null || typeof value.remark === 'string')

function isContext(value: unknown): value is ExtraPaymentContext {
  if (!isObject(value)) return false
  const c = value
  return (
    (c.fees === null || (Array.isArray(c.fees) && c.fees.every(isFee))) &&
    isIdList(c.selected) &&
    isWholeCount(c.points) &&
    isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts parseSavedFlow). */
export function parseSavedExtraPayment(saved: unknown, owner: string): SavedExtraPayment | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
