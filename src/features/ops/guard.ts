import { readSessionClaims } from '../../domain/session.ts'
import { readStoredToken } from '../../lib/session-token.ts'
import { requireSignedIn } from '../account/guard.ts'

/**
 * Thrown by the console's guard for a signed-in customer: the console's error component shows "not
 * allowed" instead of any operator page. The server refuses a customer's token on every /api/ops call
 * (403) anyway; this only keeps a shopper from seeing an empty console.
 */
export class OperatorOnlyError extends Error {
  constructor() {
    super('The operator console is for operators only')
    this.name = 'OperatorOnlyError'
  }
}

/**
 * `beforeLoad` of /ops: a visitor (or an ended session) goes to /login with redirectUrl back here,
 * exactly like any signed-in page; a customer is refused; an operator goes on. Kept tiny: route
 * configs are part of the first load.
 */
export async function requireOperator(location: { href: string }): Promise<void> {
  await requireSignedIn(location)
  const token = readStoredToken()
  const claims = token ? readSessionClaims(token) : undefined
  if (claims?.kind !== 'operator') throw new OperatorOnlyError()
}
