import * as savedFlow from '../shared/saved-flow.ts'
import type { ShippingFeeContext } from './shipping-fee-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const SHIPPING_FEE_MACHINE_VERSION = 3

/** A persisted snapshot of the shipping-fee machine, as `getPersistedSnapshot()` writes it. */
export type SavedShippingFee = savedFlow.SavedFlow<ShippingFeeContext>

const RESTING_STATES = savedFlow.payFlowResting('optionsFailed', 'choosing', 'closed', 'locked')
const IN_FLIGHT = savedFlow.payFlowInFlight('checkingPackage', 'loadingOptions')

const isEstimate = (value: unknown): boolean =>
  savedFlow.isObject(value) &&
  savedFlow.isId(value.methodId) &&
  savedFlow.isWholeCount(value.fee) &&
  savedFlow.isWholeCount(value.billedWeightG) &&
  savedFlow.isWholeCount(value.allowanceG)

const isPackage = (value: unknown): boolean =>
  savedFlow.isObject(value) &&
  savedFlow.isId(value.id) &&
  savedFlow.isId(value.applyId) &&
  typeof value.packageNo === 'string' &&
  typeof value.status === 'number' &&
  savedFlow.isWholeCount(value.weightG) &&
  savedFlow.isWholeCount(value.lengthMm) &&
  savedFlow.isWholeCount(value.widthMm) &&
  savedFlow.isWholeCount(value.heightMm) &&
  savedFlow.isWholeCount(value.amount) &&
  typeof value.feeDue === 'string' &&
  (value.deadlineState === null || typeof value.deadlineState === 'string') &&
  savedFlow.isObject(value.address) &&
  (value.applyEstimate === null || isEstimate(value.applyEstimate))

const isOption = (value: unknown): boolean =>
  savedFlow.isObject(value) &&
  savedFlow.isId(value.methodId) &&
  savedFlow.isObject(value.name) &&
  typeof value.carrier === 'string' &&
  (value.fee === null || savedFlow.isWholeCount(value.fee)) &&
  savedFlow.isWholeCount(value.billedWeightG) &&
  savedFlow.isWholeCount(value.maxWeightG) &&
  typeof value.available === 'boolean'

function isContext(value: unknown): value is ShippingFeeContext {
  if (!savedFlow.isObject(value)) return false
  const c = value
  return (
    savedFlow.isNullable(c.packageId, savedFlow.isId) &&
    savedFlow.isNullable(c.applyId, savedFlow.isId) &&
    (c.pkg === null || isPackage(c.pkg)) &&
    (c.options === null || (Array.isArray(c.options) && c.options.every(isOption))) &&
    savedFlow.isNullable(c.methodId, savedFlow.isId) &&
    savedFlow.isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts savedFlow.parseSavedFlow). */
export function parseSavedShippingFee(saved: unknown, owner: string): SavedShippingFee | undefined {
  return savedFlow.parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
