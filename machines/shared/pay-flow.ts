import { PAY_METHODS, type PayRoute } from '../../src/domain/payments.ts'

/* What every paying flow (checkout, final payment, and the flows of later steps) shares. */

/** A route and its `{type}` (PayPal has none: 0). */
export interface PayChoice {
  route: PayRoute
  method: number
}

export function isPayChoice(route: PayRoute, method: number): boolean {
  return PAY_METHODS[route].includes(method)
}

/** The result pages read the pay status this often while it is pending … */
export const POLL_INTERVAL_MS = 1500
/** … and this many times (about a minute) before saying the answer is late. */
export const POLL_LIMIT = 40

/** A new idempotency key: one per attempt, kept for every retry of that attempt. */
export function newAttemptKey(): string {
  return globalThis.crypto.randomUUID()
}
