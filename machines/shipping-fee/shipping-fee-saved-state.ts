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
import type { ShippingFeeContext } from './shipping-fee-types.ts'

/** The saved snapshot's version: bumped whenever the machine's states or context change shape. */
export const SHIPPING_FEE_MACHINE_VERSION = 2

/** A persisted snapshot of the shipping-fee machine, as `getPersistedSnapshot()` writes it. */
export type SavedShippingFee = SavedFlow<ShippingFeeContext>

const RESTING_STATES = payFlowResting('optionsFailed', 'choosing', 'closed', 'locked')
const IN_FLIGHT = payFlowInFlight('checkingPackage', 'loadingOptions')

const isPackage = (value: unknown): boolean =>
  isObject(value) &&
  isId(value.id) &&
  isId(value.applyId) &&
  typeof value.packageNo === 'string' &&
  typeof value.status === 'number' &&
  isWholeCount(value.weightG) &&
  isWholeCount(value.lengthMm) &&
  isWholeCount(value.widthMm) &&
  isWholeCount(value.heightMm) &&
  isWholeCount(value.amount) &&
  typeof value.feeDue === 'string' &&
  (value.deadlineState === null || typeof value.deadlineState === 'string') &&
  isObject(value.address)

const isOption = (value: unknown): boolean =>
  isObject(value) &&
  isId(value.methodId) &&
  isObject(value.name) &&
  typeof value.carrier === 'string' &&
  (value.fee === null || isWholeCount(value.fee)) &&
  isWholeCount(value.billedWeightG) &&
  isWholeCount(value.maxWeightG) &&
  typeof value.available === 'boolean'

function isContext(value: unknown): value is ShippingFeeContext {
  if (!isObject(value)) return false
  const c = value
  return (
    isNullable(c.packageId, isId) &&
    isNullable(c.applyId, isId) &&
    (c.pkg === null || isPackage(c.pkg)) &&
    (c.options === null || (Array.isArray(c.options) && c.options.every(isOption))) &&
    isNullable(c.methodId, isId) &&
    isSavedPayFlow(c)
  )
}

/** A saved flow of this shopper ready to restore, or undefined (saved-flow.ts parseSavedFlow). */
export function parseSavedShippingFee(saved: unknown, owner: string): SavedShippingFee | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
