import type { ActorRefFrom } from 'xstate'
import type {
  SessionSnapshot,
  StartupData,
  sessionMachine,
} from '../../../../machines/session/session.machine.ts'
import { sessionIdentity } from '../../../../machines/session/session-saved-state.ts'
import { readSessionClaims } from '../../../domain/session.ts'
import { readStoredToken } from '../../../lib/session-token.ts'
import { getExtraPayCount } from '../../extras/api/extra-pay-count.ts'
import { getFinalCount } from '../../orders/api/final-count.ts'
import { getPackageNotifyCount } from '../../packaging/api/notify-count.ts'
import { BADGE_COUNTS_STALE } from './badge-counts.ts'

/* Reading the header's badge counts for the running session: with its startup data, and again when
 * the window regains focus, the browser is back online or refreshBadgeCounts() asks. */

export type BadgeCounts = Pick<
  StartupData,
  | 'orderFinalCount'
  | 'orderFinalOverCount'
  | 'applyCount'
  | 'applyOverCount'
  | 'expressCount'
  | 'expressOverCount'
  | 'extraPayCount'
>

const NO_COUNTS: BadgeCounts = {
  orderFinalCount: 0,
  orderFinalOverCount: 0,
  applyCount: 0,
  applyOverCount: 0,
  expressCount: 0,
  expressOverCount: 0,
  extraPayCount: 0,
}

// Quiet: a count that fails to load must not toast over the page; the last known one stays.
const quiet = { systemNotify: false } as const

/** The balances due (GET /mall/order/finalCount). */
const readFinalCounts = () =>
  getFinalCount(quiet).then(({ count, overCount }) => ({
    orderFinalCount: count,
    orderFinalOverCount: overCount,
  }))

/** The orders waiting for packaging and the unpaid shipping fees (GET /mall/package_apply/notifyCount). */
const readPackageCounts = () =>
  getPackageNotifyCount(quiet).then(({ applyCount, applyOverCount, count, overCount }) => ({
    applyCount,
    applyOverCount,
    expressCount: count,
    expressOverCount: overCount,
  }))

/** The unpaid extra fees (GET /mall/extra_pay/count). */
const readExtraCount = () => getExtraPayCount(quiet).then(({ count }) => ({ extraPayCount: count }))

let inFlight: Promise<Partial<BadgeCounts>> | undefined

/**
 * One read of the counts at a time: the startup load and a focus refresh may meet, and the API client
 * aborts the first of two identical calls in flight, so they share one. Each call answers for its own
 * counts: one that fails (offline, a server fault) leaves its counts out, so the last known ones stay.
 */
function loadCounts(): Promise<Partial<BadgeCounts>> {
  inFlight ??= Promise.allSettled([readFinalCounts(), readPackageCounts(), readExtraCount()])
    .then((results) => {
      const read = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      return Object.assign({}, ...read) as Partial<BadgeCounts>
    })
    .finally(() => {
      inFlight = undefined
    })
  return inFlight
}

/** The counts in `counts`, the rest as `current` shows them. */
const countsOver = (current: BadgeCounts, counts: Partial<BadgeCounts>): BadgeCounts => ({
  orderFinalCount: counts.orderFinalCount ?? current.orderFinalCount,
  orderFinalOverCount: counts.orderFinalOverCount ?? current.orderFinalOverCount,
  applyCount: counts.applyCount ?? current.applyCount,
  applyOverCount: counts.applyOverCount ?? current.applyOverCount,
  expressCount: counts.expressCount ?? current.expressCount,
  expressOverCount: counts.expressOverCount ?? current.expressOverCount,
  extraPayCount: counts.extraPayCount ?? current.extraPayCount,
})

/** Only a customer has orders; an operator's badges count nothing. */
const isCustomerToken = (token: string) => readSessionClaims(token)?.kind === 'customer'

/**
 * The counts for the startup load: a customer's from the server; the counts of a call that fails
 * (offline, a server fault) stay as they are on screen rather than drop to 0.
 */
export async function loadBadgeCounts(token: string, current: StartupData): Promise<BadgeCounts> {
  if (!isCustomerToken(token)) return NO_COUNTS
  return countsOver(current, await loadCounts())
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
    void loadCounts().then((counts) => {
      const now = actor.getSnapshot()
      if (countedLogin(now) !== login) return
      const shown = now.context.startup
      const next = countsOver(shown, counts)
      const same = (Object.keys(next) as (keyof BadgeCounts)[]).every((key) => shown[key] === next[key])
      if (!same) actor.send({ type: 'STARTUP_PATCHED', patch: next })
    })
  }
  const events = ['focus', 'online', BADGE_COUNTS_STALE]
  for (const event of events) window.addEventListener(event, refresh)
  const stop = () => {
    for (const event of events) window.removeEventListener(event, refresh)
  }
  actor.subscribe({ complete: stop, error: stop })
  return stop
}
