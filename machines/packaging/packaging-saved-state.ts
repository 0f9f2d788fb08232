import { isId, isNullable, isObject, isText, parseSavedFlow, type SavedFlow } from '../shared/saved-flow.ts'
import { MAX_REMARK_LENGTH, type PackagingContext } from './packaging-types.ts'

/**
 * Version of the packaging request's persisted snapshot. Bump it whenever the machine's states or
 * context change shape: a saved one of another version is then discarded instead of misread (the
 * server still has the orders; the page reads them afresh and the shopper chooses again).
 */
export const PACKAGING_MACHINE_VERSION = 1

/** A persisted snapshot of the packaging machine, as `getPersistedSnapshot()` writes it. */
export type SavedPackaging = SavedFlow<PackagingContext>

/** Every state a saved request may rest in (nested ones as `parent.child`). */
const RESTING_STATES: ReadonlySet<string> = new Set([
  'suspended',
  'loadFailed',
  'choosing.ready',
  'choosing.methodsFailed',
  'choosing.noAddress',
  'unsent.waiting',
  'unsent.ready',
  'applied',
])

/** States whose call was running when the snapshot was taken: restored as `suspended`. */
const IN_FLIGHT: ReadonlySet<string> = new Set([
  'loading',
  'checking',
  'submitting',
  'choosing.pick',
  'choosing.methods',
])

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every(isId)
const isObjectList = (value: unknown): boolean => Array.isArray(value) && value.every(isObject)

function isRefusal(value: unknown): boolean {
  if (value === null) return true
  if (!isObject(value)) return false
  if (value.kind === 'invalid') return typeof value.message === 'string'
  return value.kind === 'refused' && typeof value.reason === 'string' && isIdList(value.orderIds)
}

function isContext(value: unknown): value is PackagingContext {
  if (!isObject(value)) return false
  const c = value
  return (
    isText(c.owner) &&
    // what the server said last: replaced by the read every restore starts with
    isObjectList(c.orders) &&
    isObjectList(c.addresses) &&
    isObjectList(c.methods) &&
    isIdList(c.selected) &&
    isNullable(c.addressId, isId) &&
    isNullable(c.methodId, isId) &&
    typeof c.remark === 'string' &&
    c.remark.length <= MAX_REMARK_LENGTH &&
    isNullable(c.submitKey, isText) &&
    isNullable(c.applyId, isId) &&
    isIdList(c.flagged) &&
    isRefusal(c.refusal)
  )
}

/**
 * A saved packaging request of this shopper in the shape this version writes, ready to restore:
 * in-flight states become `suspended` and their calls are dropped. Anything else (damaged, another
 * shopper's, a state this version does not have) is undefined.
 */
export function parseSavedPackaging(saved: unknown, owner: string): SavedPackaging | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
