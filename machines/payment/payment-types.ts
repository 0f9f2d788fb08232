import { PAY_METHODS, type PayAnswer, type PayRoute, type PayStatusDto } from '../../src/domain/payments.ts'

/* The terms of one payment attempt, whatever is being paid (deposit, balance, shipping fee, extra fees). */

/** A route and its `{type}` (PayPal has none: 0). */
export interface PayChoice {
  route: PayRoute
  method: number
}

export function isPayChoice(route: PayRoute, method: number): boolean {
  return PAY_METHODS[route].includes(method)
}

/** A new idempotency key: one per attempt, kept for every retry of that attempt. */
export function newAttemptKey(): string {
  return globalThis.crypto.randomUUID()
}

/** A result page reads the pay status after this long first … */
export const FIRST_POLL_MS = 1000
/** … then waits half as long again each time, up to this … */
export const LONGEST_POLL_MS = 8000
/** … and says the answer is late after this many reads (about a minute). */
export const POLL_LIMIT = 12

/**
 * A payment waiting for the shopper's bank transfer is read this seldom: the money comes in hours or
 * days, not seconds, and the page has its instructions to show meanwhile.
 */
export const TRANSFER_POLL_MS = 60_000

/** The wait before the read after `polls` reads: it backs off, so a slow webhook costs few calls. */
export function pollDelay(polls: number): number {
  return Math.min(LONGEST_POLL_MS, Math.round(FIRST_POLL_MS * 1.5 ** Math.max(0, polls - 1)))
}

/**
 * Where an attempt stands while the payment machine runs: the pay call in flight (`paying`), no answer
 * to it (`payOffline`), on the way to the gateway (`redirecting`), reading a payment begun earlier
 * (`checkingPayment`), or back on a result page waiting for the webhook's verdict (`returned`), or for
 * the shopper's bank transfer (`returned.awaitingTransfer`).
 */
export type PaymentStep =
  | 'paying'
  | 'payOffline.waiting'
  | 'payOffline.ready'
  | 'redirecting'
  | 'checkingPayment'
  | 'returned.reading'
  | 'returned.waiting'
  | 'returned.offline'
  | 'returned.timedOut'
  | 'returned.awaitingTransfer'

export const PAYMENT_STEPS: readonly PaymentStep[] = [
  'paying',
  'payOffline.waiting',
  'payOffline.ready',
  'redirecting',
  'checkingPayment',
  'returned.reading',
  'returned.waiting',
  'returned.offline',
  'returned.timedOut',
  'returned.awaitingTransfer',
]

/**
 * What a paying flow keeps of its attempt in its own context, so that it is saved with the flow and
 * read by its pages: the payment machine reports every step into it.
 */
export interface AttemptFields {
  /** The pay call's idempotency key: one per attempt, kept for every retry of that attempt. */
  payKey: string | null
  payment: PayAnswer | null
  payStatus: PayStatusDto | null
  /** The shopper came back from the gateway to a result page (the status is then polled). */
  returned: boolean
  /** Reads of the pay status made in this wait. */
  polls: number
  /** The attempt's step while its payment machine runs (or the step it resumes at); null before. */
  step: PaymentStep | null
}

/**
 * What every paying flow keeps besides its attempt: whose flow it is (`customer:{id}`; a saved flow of
 * anyone else is never restored), the route and type chosen, and the refusal (`E`) kept for its page.
 */
export interface PayFlowContext<E> extends AttemptFields {
  owner: string
  choice: PayChoice | null
  error: E | null
}

/** What every paying flow is given: whose it is, and the payment a result page came back with. */
export interface PayFlowInput {
  owner: string
  paymentId?: string
}

/** No attempt yet, or a new one: another route, type, amount or subject is another request. */
export const NO_ATTEMPT: AttemptFields = {
  payKey: null,
  payment: null,
  payStatus: null,
  returned: false,
  polls: 0,
  step: null,
}

/** A flow's first attempt fields: a result page's flow starts from the payment it came back with. */
export function attemptFrom(paymentId: string | undefined): AttemptFields {
  return paymentId === undefined
    ? NO_ATTEMPT
    : { ...NO_ATTEMPT, payment: { paymentId, redirectUrl: '' }, returned: true }
}

export interface PaymentInput {
  /** The attempt's idempotency key (`Idempotency-Key`). */
  key: string
  /** What the purpose's pay call sends besides the key (the order, the box and its method, the fees …). */
  request: unknown
  /** A payment already begun (restored, or a result page's): it is read, not begun again. */
  payment: PayAnswer | null
  returned: boolean
  /** The pay call got no answer before: only the shopper's retry sends it again, with the same key. */
  awaitRetry: boolean
}

/** What the payment machine tells its flow on every step. */
export interface PaymentProgress {
  type: 'payment.progress'
  step: PaymentStep | null
  payment: PayAnswer | null
  payStatus: PayStatusDto | null
  polls: number
}

/** How an attempt ended, for its flow to move on. */
export type PaymentEnd =
  /** The webhook's verdict (or an unknown payment: `payError`). */
  | { end: 'settled'; outcome: 'paid' | 'failed' | 'cancelled' | 'payError' }
  /** The pay call was refused: nothing was begun. The flow reads the refusal (`error`) its own way. */
  | { end: 'refused'; error: unknown }
  /** A read of a payment begun earlier got no answer: the flow waits for the connection. */
  | { end: 'unreachable' }
  /** Restored while the pay call's answer was unknown: the flow reads what is being paid first. */
  | { end: 'recheck' }
  /** The shopper left a payment open at the gateway to pay anew. */
  | { end: 'payAgain' }

export type PaymentEvent =
  /** Try again a call that got no answer (same key), or read again after the wait ran out. */
  | { type: 'RETRY' }
  | { type: 'ONLINE' }
  /** The flow was restored or shown again: read the server. */
  | { type: 'RESUME' }
  | { type: 'PAY_AGAIN' }

/** The events a flow hands on to its running attempt. */
export const PAYMENT_EVENTS = ['RETRY', 'ONLINE', 'RESUME', 'PAY_AGAIN'] as const

/**
 * A flow's failure values all carry a `kind`; anything else (a thrown error, a fault) or `offline` means
 * no answer came, so nobody knows whether the server acted.
 */
export function isNoAnswer(error: unknown): boolean {
  const kind = (error as { kind?: unknown } | null)?.kind
  return typeof kind !== 'string' || kind === 'offline'
}

export function isNotFound(error: unknown): boolean {
  return (error as { kind?: unknown } | null)?.kind === 'notFound'
}
