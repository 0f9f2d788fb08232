/** Browser storage that belongs to the signed-in shopper and goes when they sign out (spec §4 'Session'). */

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
 * Service-worker caches that can hold a shopper's data or prices: the catalog lists (prices once
 * signed in) and every cache named `user-…`. Cleared on logout and when another account signs in.
 */
const USER_CACHES = /^(user-|catalog-lists$)/

export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((name) => USER_CACHES.test(name)).map((name) => caches.delete(name)))
}
