/** Browser storage that belongs to the signed-in shopper and goes when they sign out (spec §4 'Session'). */

import {
  isPrivateCacheName,
  SESSIONS_ENDED,
  type SessionsEndedMessage,
  tokenOwnerOf,
} from '../sw/cache-names.ts'
import { readStoredToken } from './session-token.ts'

/** Where the packaging pages keep their last filter (spec: cleared on logout). */
export const PACKAGING_QUERY_KEY = 'packagingQuery'

export function forgetPackagingQuery(): void {
  try {
    localStorage.removeItem(PACKAGING_QUERY_KEY)
    sessionStorage.removeItem(PACKAGING_QUERY_KEY)
  } catch {
    // storage blocked: nothing was kept either
  }
}

/**
 * Deletes the service-worker caches that hold a shopper's data or prices (`user-…`, one set per
 * shopper; the visitors' caches hold public answers only) and tells the worker, so an answer of the
 * ended session still in flight is not written back afterwards. Run on logout, on 9004/9005 and when
 * another account signs in; the session still signed in (if any) keeps writing.
 */
export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const token = readStoredToken()
  const message: SessionsEndedMessage = {
    type: SESSIONS_ENDED,
    keepSession: token === null ? null : (tokenOwnerOf(token)?.session ?? null),
  }
  navigator.serviceWorker?.controller?.postMessage(message)
  const names = await caches.keys()
  await Promise.all(names.filter(isPrivateCacheName).map((name) => caches.delete(name)))
}
