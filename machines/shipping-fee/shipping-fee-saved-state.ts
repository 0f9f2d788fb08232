import {
  isId,
  isNullable,
  isObject,
  isSavedChoice,
  isSavedPayment,
  isText,
  isWholeCount,
  parseSavedFlow,
  type SavedFlow,
} from '../shared/saved-flow.ts'
import type { ShippingFeeContext } from './shipping-fee-types.ts'

/**
 * Version of the shipping fee's persisted snapshot. Bump it whenever the machine's states or context
 * change shape: a saved one of another version is then discarded instead of misread (the server still
 * has the package and the payment; the pages read them afresh).
 */
export const SHIPPING_FEE_MACHINE_VERSION = 1

/** A persisted snapshot of the shipping-fee machine, as `getPersistedSnapshot()` writes it. */
export type SavedShippingFee = SavedFlow<ShippingFeeContext>

/** Every state a saved shipping fee may rest in (nested ones as `parent.child`). */
const RESTING_STATES: ReadonlySet<string> = new Set([
  'suspended',
  'optionsFailed',
  'choosing',
  'payOffline.waiting',
  'payOffline.ready',
  'redirecting',
  'returned.offline',
  'returned.timedOut',
  'paid',
  'failed',
  'cancelled',
  'payError',
  'closed',
  'locked',
  'resumeOffline',
])

/** States whose call (or timer) was running when the snapshot was taken: restored as `suspended`. */
const IN_FLIGHT: ReadonlySet<string> = new Set([
  'resuming',
  'checkingPackage',
  'loadingOptions',
  'paying',
  'checkingPayment',
  'returned.reading',
  'returned.waiting',
])

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
    isText(c.owner) &&
    isNullable(c.packageId, isId) &&
    isNullable(c.applyId, isId) &&
    (c.pkg === null || isPackage(c.pkg)) &&
    (c.options === null || (Array.isArray(c.options) && c.options.every(isOption))) &&
    isNullable(c.methodId, isId) &&
    isSavedChoice(c.choice) &&
    isNullable(c.payKey, isText) &&
    isSavedPayment(c.payment) &&
    (c.payStatus === null || isObject(c.payStatus)) &&
    typeof c.returned === 'boolean' &&
    typeof c.polls === 'number' &&
    (c.error === null || isObject(c.error))
  )
}

/**
 * A saved shipping fee of this shopper in the shape this version writes, ready to restore: in-flight
 * states become `suspended` and their calls are dropped. Anything else (damaged, another shopper's, a
 * state this version does not have) is undefined.
 */
export function parseSavedShippingFee(saved: unknown, owner: string): SavedShippingFee | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
