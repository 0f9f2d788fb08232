import type { Snapshot } from 'xstate'
import { isExpiredAt, readSessionClaims, type SessionClaims } from '../../src/domain/session.ts'
import type { SessionContext, SessionSnapshot, StartupData } from './session.machine.ts'

/* The session as it is kept between visits: which snapshots are worth keeping, read back and restored. */

/**
 * Version of the session's persisted snapshot (its states and context). Bump it whenever either
 * changes shape: a snapshot of another version is then discarded and the session starts afresh.
 */
export const SESSION_MACHINE_VERSION = 3

/** The signed-in states worth persisting: settled, with nothing in flight that a restore would replay. */
const SETTLED_SIGNED_IN = ['ready', 'startupFailed'] as const
type SettledSignedIn = (typeof SETTLED_SIGNED_IN)[number]

/** A persisted snapshot of a settled signed-in session (what `actor.getPersistedSnapshot()` gives). */
export type PersistedSession = Extract<Snapshot<unknown>, { status: 'active' }> & {
  value: { signedIn: SettledSignedIn }
  context: SessionContext & { token: string }
  children: Record<string, unknown>
}

/** Whether the session is signed in with its startup data settled (loaded or failed): worth keeping. */
export function isSettledSignedIn(snapshot: SessionSnapshot): boolean {
  return SETTLED_SIGNED_IN.some((state) => snapshot.matches({ signedIn: state }))
}

/** Who and which login the session is, e.g. `customer:42:sid`; null when signed out. */
export function sessionIdentity(claims: SessionClaims | null): string | null {
  return claims === null ? null : `${claims.kind}:${claims.sub}:${claims.sid}`
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

function isStartupData(value: unknown): value is StartupData {
  if (!isObject(value)) return false
  return (
    typeof value.cartNumber === 'number' &&
    typeof value.addressCount === 'number' &&
    typeof value.extraPayCount === 'number' &&
    typeof value.orderFinalCount === 'number' &&
    typeof value.orderFinalOverCount === 'number' &&
    typeof value.applyCount === 'number' &&
    typeof value.applyOverCount === 'number' &&
    typeof value.expressCount === 'number' &&
    typeof value.expressOverCount === 'number' &&
    (value.charge === null || isObject(value.charge)) &&
    Array.isArray(value.vipList) &&
    (value.payInfo === null || isObject(value.payInfo))
  )
}

/** A stored snapshot in the shape this version persists (a settled signed-in state), or undefined. */
export function parsePersistedSession(stored: unknown): PersistedSession | undefined {
  if (!isObject(stored) || stored.status !== 'active' || !isObject(stored.children)) return undefined
  const value = stored.value
  if (!isObject(value) || !SETTLED_SIGNED_IN.some((state) => value.signedIn === state)) return undefined
  if (Object.keys(value).length !== 1) return undefined
  const context = stored.context
  if (!isObject(context) || typeof context.token !== 'string' || !isStartupData(context.startup)) {
    return undefined
  }
  if (typeof context.startupError !== 'boolean') return undefined
  return stored as PersistedSession
}

/**
 * The snapshot to start the session from, or undefined to start afresh from the stored token. The
 * stored token stays the authority (it is shared by the tabs and renewed by them): the persisted
 * session is used only when it is the same login (account and session id) as that token, and it then
 * takes that token and its claims. Nothing in flight is restored: an unfinished VIP reload is not
 * replayed (the caller reloads the startup data once the session runs).
 */
export function restorableSession(
  persisted: PersistedSession | undefined,
  storedToken: string | null,
  nowMs: number,
): PersistedSession | undefined {
  if (persisted === undefined || storedToken === null) return undefined
  const claims = readSessionClaims(storedToken)
  if (claims === undefined || isExpiredAt(claims, nowMs)) return undefined
  const persistedClaims = readSessionClaims(persisted.context.token) ?? null
  if (sessionIdentity(persistedClaims) !== sessionIdentity(claims)) return undefined
  return { ...persisted, context: { ...persisted.context, token: storedToken, claims }, children: {} }
}
