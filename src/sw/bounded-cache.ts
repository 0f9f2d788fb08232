import type { WorkboxPlugin } from 'workbox-core'

export interface CacheBounds {
  maxEntries: number
  maxAgeSeconds: number
  /** The clock, injectable for tests. */
  now?: () => number
}

/**
 * Bounds an API cache by entry count (oldest write first) and by the age of the answer (its `Date`
 * header), keeping its bookkeeping in the cache itself. Workbox's ExpirationPlugin would record every
 * URL in IndexedDB, where a shopper's trail (products viewed, pages of favourites) would outlive the
 * deletion of their cache on logout.
 */
export function boundedCache(bounds: CacheBounds): WorkboxPlugin {
  const now = bounds.now ?? Date.now
  return {
    cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) => {
      if (!cachedResponse) return null
      const written = Date.parse(cachedResponse.headers.get('date') ?? '')
      if (Number.isNaN(written) || now() - written <= bounds.maxAgeSeconds * 1000) return cachedResponse
      await (await caches.open(cacheName)).delete(request)
      return null
    },
    cacheDidUpdate: async ({ cacheName }) => {
      const cache = await caches.open(cacheName)
      // Cache Storage lists entries in the order they were written (a rewrite moves one to the end).
      const keys = await cache.keys()
      const excess = keys.slice(0, Math.max(0, keys.length - bounds.maxEntries))
      await Promise.all(excess.map((request) => cache.delete(request)))
    },
  }
}
