import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { PriceViewer } from '../../src/domain/price-display.ts'
import { ResultCode } from '../../src/domain/result-code.ts'
import { mayUse, type StaffPermission } from '../../src/domain/staff.ts'
import type { AppDeps, AppEnv, SignedIn } from '../app-env.ts'
import {
  checkSessionToken,
  needsRenewal,
  signSessionToken,
  type TokenCheck,
} from '../services/accounts/session-tokens.ts'
import {
  type AccountRow,
  claimsFor,
  lookUpSession,
  type SessionLookup,
  touchSession,
} from '../services/accounts/sessions.ts'
import { ApiError } from './envelope.ts'
import { sessionCacheOf } from './session-cache.ts'

/** The request and response header that carries the session token (architecture 'API conventions'). */
export const TOKEN_HEADER = 'token'

/** The token of a request: the `token` header, or `Authorization: Bearer` (the preview call). */
export function requestToken(c: Context): string | undefined {
  const header = c.req.header(TOKEN_HEADER)?.trim()
  if (header) return header
  const authorization = c.req.header('authorization')
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
  return bearer || undefined
}

/** The token's signature and lifetime: verified once per token when the database has a session cache. */
function checkToken(deps: AppDeps, token: string, at: Date): Promise<TokenCheck> {
  const cache = sessionCacheOf(deps.db)
  if (cache) return cache.checkToken(deps.authKeys.tokenKey, token, at)
  return checkSessionToken(deps.authKeys.tokenKey, token, at)
}

/** The token's session and account: from the session cache when the database has one (session-cache.ts). */
function sessionOf(deps: AppDeps, claims: { sid: string; sub: string }, at: Date): Promise<SessionLookup> {
  const cache = sessionCacheOf(deps.db)
  const userId = Number(claims.sub)
  if (cache) return cache.session(claims.sid, userId, at)
  return lookUpSession(deps.db, claims.sid, userId, at)
}

/** Methods that change nothing: every other call may have changed the caller's account or sessions. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const sessionEnded = () =>
  new ApiError(ResultCode.sessionExpired, 'Your session has ended; please log in again')
const accountDisabled = () => new ApiError(ResultCode.accountDisabled, 'This account has been disabled')

/**
 * Guards a call: no token is 401; a token that is expired, forged, or whose session was logged out is
 * 9004; a disabled account is 9005 on its very next call, since the account is checked on every call
 * (from the session cache, which every process empties of the account when it changes).
 * A token in its last hour is renewed through the response header `token`, unless `renew` is false: a
 * call made with someone else's passed token (the preview) must not hand the browser a session.
 */
export function requireSession(
  options: { kind?: SignedIn['kind']; renew?: boolean; permission?: StaffPermission } = {},
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { deps } = c.var
    const token = requestToken(c)
    if (!token) throw new ApiError(ResultCode.unauthenticated, 'Please log in first')
    const at = deps.now()
    const check = await checkToken(deps, token, at)
    if (check.status !== 'valid') throw sessionEnded()
    const session = await sessionOf(deps, check.claims, at)
    if (session.status === 'ended') throw sessionEnded()
    if (session.status === 'disabled') throw accountDisabled()
    const { account } = session
    if (options.kind && account.kind !== options.kind) {
      throw new ApiError(ResultCode.forbidden, 'This account may not make this call')
    }
    if (options.permission) assertStaffMay(account, options.permission)
    c.set('signedIn', { userId: account.id, sessionId: check.claims.sid, kind: account.kind, account })
    try {
      await next()
    } finally {
      // The caller's own change (logout, favourites, profile) shows on their next call to this process
      // even if it comes before the database's notice does.
      if (!SAFE_METHODS.has(c.req.method)) sessionCacheOf(deps.db)?.forgetUser(account.id)
    }
    if (options.renew === false || c.res.headers.has(TOKEN_HEADER)) return
    const renew = needsRenewal(check.claims, at)
    if (renew) await touchSession(deps.db, check.claims.sid, at)
    if (renew || claimsOutOfDate(check.claims, account)) await sendFreshToken(c, account)
  })
}

/**
 * Whether a token shows what an operator has since changed on the account: its price role (the shop
 * picks the price column from it) or its points. Such a call answers with a fresh token at once, so
 * the shopper's pages switch columns on the next call instead of when the token is next renewed.
 */
export function claimsOutOfDate(
  claims: { role: number | null; score: number },
  account: AccountRow,
): boolean {
  return claims.role !== account.role || claims.score !== account.score
}

/**
 * A console room's guard (backoffice §1): the account must hold the room's permission, and a staff
 * account still on the password another operator gave it may do nothing until it changes it.
 */
function assertStaffMay(account: AccountRow, permission: StaffPermission): void {
  if (account.mustChangePassword) {
    throw new ApiError(ResultCode.forbidden, 'Change the password you were given before using the console', {
      mustChangePassword: true,
    })
  }
  if (!mayUse(account.permissions, permission)) {
    throw new ApiError(ResultCode.forbidden, `This account does not have the ${permission} permission`, {
      permission,
    })
  }
}

/** A console call of one room: an operator token holding `permission` (no token 401, otherwise 403). */
export const requirePermission = (permission: StaffPermission) =>
  requireSession({ kind: 'operator', permission })

/**
 * For public calls whose answer depends on who asks (prices, favourites): a valid token signs the
 * call in; no token, or one that has ended, leaves it a visitor's rather than failing, so browsing
 * never breaks on a stale token (the guarded calls report the ended session). A disabled account is
 * told at once (9005), so the shop signs it out on its very next call, whichever it is. The answer
 * varies by token, so shared caches must not reuse it across callers.
 */
export function optionalSession() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.header('Vary', 'token, Authorization', { append: true })
    const caller = await optionalCaller(c)
    if (caller) c.set('signedIn', caller.signedIn)
    await next()
    if (!caller) return
    c.header('Cache-Control', 'private, no-cache')
    if (claimsOutOfDate(caller.claims, caller.signedIn.account) && !c.res.headers.has(TOKEN_HEADER)) {
      await sendFreshToken(c, caller.signedIn.account)
    }
  })
}

/** The signed-in caller of a public call; undefined for a visitor or an ended session, 9005 when disabled. */
async function optionalCaller(
  c: Context<AppEnv>,
): Promise<{ signedIn: SignedIn; claims: { role: number | null; score: number } } | undefined> {
  const token = requestToken(c)
  if (!token) return undefined
  const { deps } = c.var
  const at = deps.now()
  const check = await checkToken(deps, token, at)
  if (check.status !== 'valid') return undefined
  const session = await sessionOf(deps, check.claims, at)
  if (session.status === 'disabled') throw accountDisabled()
  if (session.status !== 'active') return undefined
  const { account } = session
  return {
    signedIn: { userId: account.id, sessionId: check.claims.sid, kind: account.kind, account },
    claims: check.claims,
  }
}

/** Whose prices a call may return (visitor when not signed in). */
export function priceViewerOf(c: Context<AppEnv>): PriceViewer {
  const caller = c.var.signedIn
  if (!caller) return { kind: 'visitor' }
  if (caller.kind === 'operator') return { kind: 'operator' }
  return { kind: 'customer', role: caller.account.role }
}

/** The signed-in account of a call guarded by requireSession. */
export function signedIn(c: Context<AppEnv>): SignedIn {
  const value = c.var.signedIn
  if (!value) throw new ApiError(ResultCode.unauthenticated, 'Please log in first')
  return value
}

/** Sends a fresh token after a change the token shows (nickname, avatar, messaging account). */
export async function sendFreshToken(c: Context<AppEnv>, account: AccountRow): Promise<void> {
  const { sessionId } = signedIn(c)
  const { authKeys, now } = c.var.deps
  c.header(TOKEN_HEADER, await signSessionToken(authKeys.tokenKey, claimsFor(account, sessionId), now()))
}

/**
 * The caller's address, for per-address rate limits: the socket's peer, or the first X-Forwarded-For
 * hop when the server runs behind a proxy that sets it (TRUST_PROXY=1).
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return peerAddress(c) ?? 'unknown'
}

/** The address of the socket's other end (a proxy's, behind one); undefined for an in-process request. */
export function peerAddress(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress
}
