import { describe, expect, it } from 'vitest'
import {
  isExpiredAt,
  needsMessagingAccount,
  readSessionClaims,
  type SessionClaims,
} from '../../src/domain/session.ts'

const claims: SessionClaims = {
  sub: '7',
  sid: 'c0ffee',
  kind: 'customer',
  role: 2,
  nickname: '小明 ミカ',
  avatar: null,
  score: 120,
  wechat: false,
  language: 'zhCn',
  iat: 1_700_000_000,
  exp: 1_700_007_200,
}

const tokenOf = (payload: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`

describe('session token claims', () => {
  it('reads the claims of a token, non-ASCII nicknames included', () => {
    expect(readSessionClaims(tokenOf(claims))).toEqual(claims)
  })

  it('reads anything that is not one of our tokens as no claims', () => {
    expect(readSessionClaims('')).toBeUndefined()
    expect(readSessionClaims('not-a-token')).toBeUndefined()
    expect(readSessionClaims('a.%%%.c')).toBeUndefined()
    expect(readSessionClaims(tokenOf({ ...claims, kind: 'admin' }))).toBeUndefined()
    expect(readSessionClaims(tokenOf({ sub: '7' }))).toBeUndefined()
  })

  it('expires a token at its exp second', () => {
    expect(isExpiredAt(claims, claims.exp * 1000 - 1)).toBe(false)
    expect(isExpiredAt(claims, claims.exp * 1000)).toBe(true)
  })

  it('forces the messaging-account dialog only when the flag is present, not "other" and falsy', () => {
    expect(needsMessagingAccount(claims)).toBe(true)
    expect(needsMessagingAccount({ ...claims, wechat: true })).toBe(false)
    expect(needsMessagingAccount({ ...claims, wechat: 'other' })).toBe(false)
    expect(needsMessagingAccount({ ...claims, kind: 'operator' })).toBe(false)
  })
})
