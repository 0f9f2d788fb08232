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
import type { ExtraPaymentContext } from './extra-payment-types.ts'

/**
 * Version of the extra payment's persisted snapshot. Bump it whenever the machine's states or context
 * change shape: a saved one of another version is then discarded instead of misread (the server still
 * has the fees and the payment; the pages read them afresh).
 */
export const EXTRA_PAYMENT_MACHINE_VERSION = 1

/** A persisted snapshot of the extra-payment machine, as `getPersistedSnapshot()` writes it. */
export type SavedExtraPayment = SavedFlow<ExtraPaymentContext>

/** Every state a saved extra payment may rest in (nested ones as `parent.child`). */
const RESTING_STATES: ReadonlySet<string> = new Set([
  'suspended',
  'loadFailed',
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
  'resumeOffline',
])

/** States whose call (or timer) was running when the snapshot was taken: restored as `suspended`. */
const IN_FLIGHT: ReadonlySet<string> = new Set([
  'resuming',
  'loading',
  'paying',
  'checkingPayment',
  'returned.reading',
  'returned.waiting',
])

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
    isText(c.owner) &&
    (c.fees === null || (Array.isArray(c.fees) && c.fees.every(isFee))) &&
    isIdList(c.selected) &&
    isWholeCount(c.points) &&
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
 * A saved extra payment of this shopper in the shape this version writes, ready to restore: in-flight
 * states become `suspended` and their calls are dropped. Anything else (damaged, another shopper's, a
 * state this version does not have) is undefined.
 */
export function parseSavedExtraPayment(saved: unknown, owner: string): SavedExtraPayment | undefined {
  return parseSavedFlow(saved, owner, { isContext, resting: RESTING_STATES, inFlight: IN_FLIGHT })
}
