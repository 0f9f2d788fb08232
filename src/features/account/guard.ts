import { redirect } from '@tanstack/react-router'
import { ResultCode } from '../../domain/result-code.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { clearStoredToken, readStoredToken } from '../../lib/session-token.ts'
import { checkToken } from './api/check-token.ts'

/**
 * `beforeLoad` of a route that needs a login (spec §6): without a token, or with one the server
 * refuses, the shopper goes to /login with redirectUrl set to where they were going; a disabled
 * account goes home. When the server cannot be reached, or its check is broken (5xx), the page opens
 * anyway (offline-first: its cached data may still show) and its own calls meet the session rules.
 */
export async function requireSignedIn(location: { href: string }): Promise<void> {
  const toLogin = () => redirect({ to: '/login', search: { redirectUrl: location.href } })
  if (!readStoredToken()) throw toLogin()
  try {
    // Quiet, so an offline check shows no toast; 9004 and 9005 are toasted by the API client.
    await checkToken({ systemNotify: false })
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    // Another call met the session's end first and aborted this one; the session forgot the token.
    if (error.kind === 'aborted' && !readStoredToken()) throw toLogin()
    if (error.kind !== 'server') return
    if (error.code === ResultCode.accountDisabled) throw redirect({ to: '/' })
    // A broken check (5xx other than the session codes) says nothing about the token: keep it.
    if (error.code !== ResultCode.sessionExpired && (error.code ?? 0) >= 500) return
    clearStoredToken()
    throw toLogin()
  }
}
