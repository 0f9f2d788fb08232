/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

// The app shell and hashed assets: precached, old revisions removed.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every client-side route opens offline from the cached shell; /api, /media and /uploads are never the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/uploads\//],
  }),
)

/**
 * Catalog lists change slowly and must open offline: answer from cache at once and refresh in the
 * background. The URL carries `language`, so each language has its own entry.
 */
const CATALOG_LISTS = new Set(['/api/mall/category/list', '/api/mall/product/hotList'])
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && CATALOG_LISTS.has(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'catalog-lists',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
)

// Product images: cache-first with a bound on count and age.
registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// The update prompt posts SKIP_WAITING when the shopper accepts the new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The first install takes control of the open page, so its next requests are cached.
clientsClaim()
