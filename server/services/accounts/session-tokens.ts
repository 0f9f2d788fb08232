import { errors, jwtVerify, SignJWT } from 'jose'
import type { SessionClaims } from '../../../src/domain/session.ts'

/**
 * Token lifetime and renewal (README 'Sessions'). A token lives 2 hours; a call made in its second
 * hour gets a fresh one in the response header `token`, so an active shopper is never signed out,
 * while a token copied from an idle device dies within 2 hours. The session itself ends after 30
 * days however often it is renewed, and logout ends it at once (the server checks it on every call).
 */
export const TOKEN_TTL_SECONDS = 2 * 60 * 60
export const RENEW_WHEN_LEFT_SECONDS = 60 * 60
export const SESSION_MAX_SECONDS = 30 * 24 * 60 * 60

const ALGORITHM = 'HS256'

export type ClaimsBody = Omit<SessionClaims, 'iat' | 'exp'>

export async function signSessionToken(key: Uint8Array, body: ClaimsBody, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  const { sub, ...rest } = body
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(key)
}

export type TokenCheck =
  | { status: 'valid'; claims: SessionClaims }
  | { status: 'expired' }
  | { status: 'invalid' }

/** Checks the signature and lifetime of a token at `now`. */
export async function checkSessionToken(key: Uint8Array, token: string, now: Date): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { status: 'invalid' }
    return { status: 'valid', claims: payload as unknown as SessionClaims }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { status: 'expired' }
    return { status: 'invalid' }
  }
}

/**
 * What checkSessionToken answers at `now` for claims whose signature was checked before (a per-process
 * cache keeps them): the signature cannot stop being valid, the lifetime can. The same comparison as
 * jose's: a token is expired from its `exp` second on.
 */
export function claimsCheckAt(claims: SessionClaims, now: Date): TokenCheck {
  if (claims.exp <= Math.floor(now.getTime() / 1000)) return { status: 'expired' }
  return { status: 'valid', claims }
}

/** Whether a token this close to its end gets a fresh one with the response. */
export function needsRenewal(claims: Pick<SessionClaims, 'exp'>, now: Date): boolean {
  return claims.exp - now.getTime() / 1000 < RENEW_WHEN_LEFT_SECONDS
}
