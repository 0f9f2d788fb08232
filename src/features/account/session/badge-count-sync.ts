import type { ActorRefFrom } from 'xstate'
import type {
  SessionSnapshot,
  StartupData,
  sessionMachine,
} from '../../../../machines/session/session.machine.ts'
import { sessionIdentity } from '../../../../machines/session/session-saved-state.ts'
import { readSessionClaims } from '../../../domain/session.ts'
import { readStoredToken } from '../../../lib/session-token.ts'
import { getFinalCount } from '../../orders/api/final-count.ts'
import { BADGE_COUNTS_STALE } from './badge-counts.ts'

/* Reading the header's badge counts for the running session: with its startup data, and again when
 * the window regains focus, the browser is back online or refreshBadgeCounts() asks. */

export type BadgeCounts = Pick<StartupData, 'orderFinalCount' | 'orderFinalOverCount'>

const NO_COUNTS: BadgeCounts = { orderFinalCount: 0, orderFinalOverCount: 0 }

// Quiet: a count that fails to load must not toast over the page; the last known one stays.
const quiet = { systemNotify: false } as const

let inFlight: Promise<BadgeCounts> | undefined

/**
 * One count call at a time: the startup load and a focus refresh may meet, and the API client aborts
 * the first of two identical calls in flight, so they share one.
 */
function loadCounts(): Promise<BadgeCounts> {
  inFlight ??= getFinalCount(quiet)
    .then(({ count, overCount }) => ({ orderFinalCount: count, orderFinalOverCount: overCount }))
    .finally(() => {
      inFlight = undefined
    })
  return inFlight
}

/** Only a customer has orders; an operator's badges count nothing. */
const isCustomerToken = (token: string) => readSessionClaims(token)?.kind === 'customer'

/**
 * The counts for the startup load: a customer's from the server; when that call fails (offline, a
 * server fault) the counts on screen stay rather than drop to 0.
 */
export async function loadBadgeCounts(token: string, current: StartupData): Promise<BadgeCounts> {
  if (!isCustomerToken(token)) return NO_COUNTS
  try {
    return await loadCounts()
  } catch {
    return { orderFinalCount: current.orderFinalCount, orderFinalOverCount: current.orderFinalOverCount }
  }
}

/**
 * The login whose counts a refresh reads: a customer signed in with the stored token (the token every
 * call sends; a session that is no longer the stored one has nothing to ask for), else null.
 */
function countedLogin(snapshot: SessionSnapshot): string | null {
  if (snapshot.status !== 'active' || !snapshot.matches('signedIn')) return null
  const token = snapshot.context.token
  if (token === null || token !== readStoredToken() || !isCustomerToken(token)) return null
  return sessionIdentity(snapshot.context.claims)
}

/**
 * Reads the counts again when the window regains focus, when the browser is back online and when
 * `refreshBadgeCounts()` is called, and patches them into the session's startup data. A failed read
 * changes nothing; an answer that comes back after the login changed is dropped.
 */
export function keepBadgeCountsFresh(actor: ActorRefFrom<typeof sessionMachine>): () => void {
  const refresh = () => {
    const login = countedLogin(actor.getSnapshot())
    if (login === null) return
    loadCounts().then(
      (counts) => {
        const now = actor.getSnapshot()
        if (countedLogin(now) !== login) return
        const shown = now.context.startup
        const same =
          shown.orderFinalCount === counts.orderFinalCount &&
          shown.orderFinalOverCount === counts.orderFinalOverCount
        if (!same) actor.send({ type: 'STARTUP_PATCHED', patch: counts })
      },
      () => {},
    )
  }
  const events = ['focus', 'online', BADGE_COUNTS_STALE]
  for (const event of events) window.addEventListener(event, refresh)
  const stop = () => {
    for (const event of events) window.removeEventListener(event, refresh)
  }
  actor.subscribe({ complete: stop, error: stop })
  return stop
}
