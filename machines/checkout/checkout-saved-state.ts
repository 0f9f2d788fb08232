import type { Snapshot } from 'xstate'
import { PAY_ROUTES } from '../../src/domain/payments.ts'
import type { CheckoutContext } from './checkout-types.ts'

/**
 * Version of the checkout's persisted snapshot. Bump it whenever the machine's states or context
 * change shape: a saved checkout of another version is then discarded instead of misread (the server
 * still has the order and the payment; the order page and the result pages read them afresh).
 */
export const CHECKOUT_MACHINE_VERSION = 1

/** A persisted snapshot of the checkout machine, as `getPersistedSnapshot()` writes it. */
export type SavedCheckout = Snapshot<unknown> & {
  status: 'active'
  value: string | Record<string, string>
  context: CheckoutContext
  historyValue?: unknown
  children: Record<string, unknown>
}

/** Every state a saved checkout may rest in (nested ones as `parent.child`). */
const RESTING_STATES: ReadonlySet<string> = new Set([
  'confirm',
  'suspended',
  'createOffline.waiting',
  'createOffline.ready',
  'awaitingPayment',
  'payOffline.waiting',
  'payOffline.ready',
  'redirecting',
  'returned.offline',
  'returned.timedOut',
  'paid',
  'failed',
  'cancelled',
  'payError',
  'orderClosed',
  'resumeOffline',
])

/**
 * States whose call (or timer) was running when the snapshot was taken. Restoring one as it is would
 * start its call again at once, without the input it was given, before the server has been asked
 * anything: a restored payment would be sent twice. They come back as `suspended`, which waits for
 * the feature's RESUME and then reads the server first.
 */
const IN_FLIGHT: ReadonlySet<string> = new Set([
  'resuming',
  'creating',
  'paying',
  'checkingOrder',
  'checkingPayment',
  'returned.reading',
  'returned.waiting',
])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0
const isNullable = <T>(value: unknown, check: (v: unknown) => v is T): value is T | null =>
  value === null || check(value)

/** The state as one path (`returned.offline`), or undefined for a value no state of this machine has. */
function valuePath(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (!isObject(value)) return undefined
  const entries = Object.entries(value)
  const [parent, child] = entries[0] ?? []
  return entries.length === 1 && typeof child === 'string' ? `${parent}.${child}` : undefined
}

function isContext(value: unknown): value is CheckoutContext {
  if (!isObject(value)) return false
  const c = value
  const choice = c.choice
  const payment = c.payment
  return (
    isText(c.owner) &&
    Array.isArray(c.cartLineIds) &&
    c.cartLineIds.every(isId) &&
    typeof c.points === 'number' &&
    Number.isSafeInteger(c.points) &&
    c.points >= 0 &&
    isNullable(c.createKey, isText) &&
    isNullable(c.orderId, isId) &&
    (c.orderStatus === null || typeof c.orderStatus === 'number') &&
    (choice === null ||
      (isObject(choice) &&
        (PAY_ROUTES as readonly unknown[]).includes(choice.route) &&
        typeof choice.method === 'number')) &&
    isNullable(c.addressId, isId) &&
    isNullable(c.payKey, isText) &&
    (payment === null ||
      (isObject(payment) && isText(payment.paymentId) && typeof payment.redirectUrl === 'string')) &&
    (c.payStatus === null || isObject(c.payStatus)) &&
    typeof c.returned === 'boolean' &&
    typeof c.polls === 'number' &&
    (c.error === null || isObject(c.error))
  )
}

/**
 * A saved checkout of this shopper in the shape this version writes, ready to restore: in-flight
 * states become `suspended` and their calls are dropped. Anything else (damaged, another shopper's,
 * a state this version does not have) is undefined.
 */
export function parseSavedCheckout(saved: unknown, owner: string): SavedCheckout | undefined {
  if (!isObject(saved) || saved.status !== 'active' || !isContext(saved.context)) return undefined
  if (saved.context.owner !== owner) return undefined
  const path = valuePath(saved.value)
  if (path === undefined) return undefined
  if (IN_FLIGHT.has(path)) {
    return {
      status: 'active',
      output: undefined,
      error: undefined,
      value: 'suspended',
      context: saved.context,
      historyValue: {},
      children: {},
    }
  }
  if (!RESTING_STATES.has(path)) return undefined
  return {
    status: 'active',
    output: undefined,
    error: undefined,
    value: saved.value as SavedCheckout['value'],
    context: saved.context,
    historyValue: saved.historyValue ?? {},
    children: {},
  }
}
