import { HttpResponse, http } from 'msw'
import type { SessionClaims, UserProfile } from '../../../src/domain/session.ts'

const ok = <T>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

const nowSeconds = () => Math.floor(Date.now() / 1000)

export function claimsOf(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    sub: '42',
    sid: 'session-a',
    kind: 'customer',
    role: 2,
    nickname: '小樱',
    avatar: null,
    score: 120,
    wechat: true,
    language: 'zhCn',
    iat: nowSeconds() - 60,
    exp: nowSeconds() + 3600,
    ...overrides,
  }
}

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A token shaped like the server's (header.payload.signature); the client never checks the signature. */
export function tokenFor(claims: SessionClaims): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`
}

/** Stores a token as a login would, so the next renderApp() starts signed in. */
export function signIn(overrides: Partial<SessionClaims> = {}): void {
  localStorage.setItem('token', tokenFor(claimsOf(overrides)))
}

/** Every address the app's history went to, in order, from now on. */
export function recordNavigations(history: {
  subscribe: (listener: (args: { location: { href: string } }) => void) => () => void
}): string[] {
  const visited: string[] = []
  history.subscribe(({ location }) => visited.push(location.href))
  return visited
}

/** The signed-in startup calls (pay info, VIP levels), answered for a plain customer without a tier. */
export const startupHandlers = [
  http.get('*/api/mall/user/payInfo', () => ok(null)),
  http.get('*/api/mall/vip/list', () => ok([])),
]

/** The profile GET /mall/user/info answers for the signed-in shopper of claimsOf() (id 42, 小樱). */
export const shopperProfile: UserProfile = {
  id: 42,
  username: 'sakura@example.com',
  nickname: '小樱',
  telephone: null,
  wechat: null,
  sex: 0,
  birthday: null,
  avatar: null,
  role: 2,
  score: 0,
  language: 'zhCn',
  createdAt: '2026-01-01T00:00:00.000Z',
}
