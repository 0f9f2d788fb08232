import type { Snapshot } from 'xstate'
import { PAY_ROUTES } from '../../src/domain/payments.ts'
import { PAYMENT_STEPS } from '../payment/payment-types.ts'

/* Reading back a paying flow's persisted snapshot (`getPersistedSnapshot()`), whatever IndexedDB held. */

/** A persisted snapshot of a flow machine whose context is `C`. */
export type SavedFlow<C> = Snapshot<unknown> & {
  status: 'active'
  value: string | Record<string, string>
  context: C
  historyValue?: unknown
  children: Record<string, unknown>
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0
export const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0
export const isNullable = <T>(value: unknown, check: (v: unknown) => v is T): value is T | null =>
  value === null || check(value)
export const isWholeCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** A saved `PayChoice`, or null. */
export function isSavedChoice(value: unknown): boolean {
  return (
    value === null ||
    (isObject(value) &&
      (PAY_ROUTES as readonly unknown[]).includes(value.route) &&
      typeof value.method === 'number')
  )
}

/** A saved `PayAnswer`, or null. */
export function isSavedPayment(value: unknown): boolean {
  return (
    value === null || (isObject(value) && isText(value.paymentId) && typeof value.redirectUrl === 'string')
  )
}

/** Saved attempt fields (payment-types.ts `AttemptFields`) of a paying flow's context. */
export function isSavedAttempt(c: Record<string, unknown>): boolean {
  return (
    isNullable(c.payKey, isText) &&
    isSavedPayment(c.payment) &&
    (c.payStatus === null || isObject(c.payStatus)) &&
    typeof c.returned === 'boolean' &&
    isWholeCount(c.polls) &&
    (c.step === null || (PAYMENT_STEPS as readonly unknown[]).includes(c.step))
  )
}

/** What every paying flow's saved context holds besides its own: its owner, route, attempt and error. */
export function isSavedPayFlow(c: Record<string, unknown>): boolean {
  return (
    isText(c.owner) && isSavedChoice(c.choice) && isSavedAttempt(c) && (c.error === null || isObject(c.error))
  )
}

/** A paying flow's resting states: those every paying flow has, and `own`. */
export const payFlowResting = (...own: string[]): ReadonlySet<string> =>
  new Set(['suspended', 'paid', 'failed', 'cancelled', 'payError', 'resumeOffline', ...own])

/**
 * A paying flow's in-flight states: its start, its attempt whatever the step (its payment is read
 * afresh on RESUME), and `own` (its reads of what is being paid).
 */
export const payFlowInFlight = (...own: string[]): ReadonlySet<string> =>
  new Set(['resuming', 'attempt', ...own])

/** The state as one path (`returned.offline`), or undefined for a value no flow state has. */
function valuePath(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (!isObject(value)) return undefined
  const entries = Object.entries(value)
  const [parent, child] = entries[0] ?? []
  return entries.length === 1 && typeof child === 'string' ? `${parent}.${child}` : undefined
}

export interface SavedFlowShape<C extends { owner: string }> {
  /** Whether the stored context has the shape this version of the machine writes. */
  isContext(value: unknown): value is C
  /** Every state a saved flow may rest in (nested ones as `parent.child`). */
  resting: ReadonlySet<string>
  /**
   * States whose call (or timer) was running when the snapshot was taken. Restoring one as it is
   * would start its call again at once, before the server has been asked anything: a restored payment
   * would be sent twice. They come back as `suspended`, which waits for the feature's RESUME and then
   * reads the server first.
   */
  inFlight: ReadonlySet<string>
}

/**
 * A saved flow of this shopper in the shape `shape` describes, ready to restore: in-flight states
 * become `suspended` and their calls are dropped. Anything else (damaged, another shopper's, a state
 * this version does not have) is undefined.
 */
export function parseSavedFlow<C extends { owner: string }>(
  saved: unknown,
  owner: string,
  shape: SavedFlowShape<C>,
): SavedFlow<C> | undefined {
  if (!isObject(saved) || saved.status !== 'active' || !shape.isContext(saved.context)) return undefined
  if (saved.context.owner !== owner) return undefined
  const path = valuePath(saved.value)
  if (path === undefined) return undefined
  const restored = { status: 'active', output: undefined, error: undefined, context: saved.context } as const
  if (shape.inFlight.has(path)) return { ...restored, value: 'suspended', historyValue: {}, children: {} }
  if (!shape.resting.has(path)) return undefined
  return {
    ...restored,
    value: saved.value as SavedFlow<C>['value'],
    historyValue: saved.historyValue ?? {},
    children: {},
  }
}
