import * as v from 'valibot'
import type { Sex } from './account.ts'
import type { Language } from './language.ts'

/**
 * What the signed session token carries (the client decodes it for the header and the avatar menu;
 * the server signs and verifies it). The server stays the authority: it re-reads the account on every
 * call, so a stale nickname here is cosmetic and a disabled account is refused at once.
 */
export interface SessionClaims {
  /** The account's id, as a string (JWT `sub`). */
  sub: string
  /** The session's id: logout revokes it, so a copied token dies with the session. */
  sid: string
  kind: 'customer' | 'operator'
  /** Price role 1–6 of a customer (spec §6); null for the operator. */
  role: number | null
  nickname: string
  avatar: string | null
  score: number
  /**
   * The messaging-account flag (spec §2 'Messaging-account dialog'): true when the account has one,
   * false when the shop needs one and has none (the dialog is forced), 'other' when the shop reaches
   * the account another way (Japanese and English sign-ups, the operator).
   */
  wechat: boolean | 'other'
  language: Language
  /** Seconds since the epoch (JWT). */
  iat: number
  exp: number
}

const claimsSchema = v.object({
  sub: v.string(),
  sid: v.string(),
  kind: v.picklist(['customer', 'operator']),
  role: v.nullable(v.number()),
  nickname: v.string(),
  avatar: v.nullable(v.string()),
  score: v.number(),
  wechat: v.union([v.boolean(), v.literal('other')]),
  language: v.picklist(['zhCn', 'ja', 'en']),
  iat: v.number(),
  exp: v.number(),
})

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/**
 * Reads the claims of a token without checking its signature (only the server can). Returns undefined
 * for anything that is not a token of ours, so a corrupted stored value reads as "signed out".
 */
export function readSessionClaims(token: string): SessionClaims | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const result = v.safeParse(claimsSchema, JSON.parse(decodeBase64Url(payload)))
    return result.success ? result.output : undefined
  } catch {
    return undefined
  }
}

/** Whether the token has run out at `nowMs` (the server decides for real; this saves a doomed call). */
export function isExpiredAt(claims: Pick<SessionClaims, 'exp'>, nowMs: number): boolean {
  return claims.exp * 1000 <= nowMs
}

/** Spec §2: the dialog is forced when the flag is present, is not 'other' and is falsy. */
export function needsMessagingAccount(claims: Pick<SessionClaims, 'wechat' | 'kind'>): boolean {
  return claims.kind === 'customer' && claims.wechat !== 'other' && !claims.wechat
}

/** GET /mall/user/info */
export interface UserProfile {
  id: number
  /** The sign-in e-mail address. */
  username: string
  nickname: string
  telephone: string | null
  wechat: string | null
  sex: Sex
  /** YYYY-MM-DD */
  birthday: string | null
  avatar: string | null
  role: number | null
  score: number
  language: Language
  createdAt: string
}

/** GET /mall/user/payInfo: what prices, points and the tier label need (spec §3 'Session and user store'). */
export interface PayInfo {
  role: number | null
  /** Points held. */
  score: number
  /** The account's points rate (0.01 = 1 %). */
  scoreRate: number
  /** Whether points and VIP levels are on; off means a member is SVIP. */
  scoreSwitch: boolean
  /** When the current tier ends (shop date), if it ends. */
  scoreTime: string | null
  /** This month's spending in yen. */
  monthlyExpenditure: number
  /** Whether prices are shown to this account. */
  priceSwitch: boolean
  /** Whether an identity document is on file (needed by some customs). */
  idCard: boolean
}

/** Why a login or code call was refused for too many tries: the client shows when to try again. */
export interface RetryAfter {
  retryAfterSeconds: number
}
