/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'

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
 * What the API caches keep: whole (200) answers only, and without the `token` header a guarded call
 * may carry (a renewed session token). Replayed from the cache later, that header would hand the page
 * an old token.
 */
const storableApiAnswer: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null
    if (!response.headers.has('token')) return response
    const headers = new Headers(response.headers)
    headers.delete('token')
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  },
}

const isOwnGet = (url: URL, request: Request) =>
  request.method === 'GET' && url.origin === self.location.origin

/**
 * Catalog lists change slowly and must open offline: answer from cache at once and refresh in the
 * background. Entries are keyed by the full URL, which carries `language` and the page, so each
 * language and page has its own. Signed-in answers carry prices, so the session clears this cache on
 * sign-in and sign-out (src/lib/user-storage.ts).
 */
const CATALOG_LISTS = new Set(
  [
    'category/list',
    'product/hotList',
    'product/newList',
    'product/recommendList',
    'product/discountList',
    'product/hotListPage',
    'product/newListPage',
    'product/recommendListPage',
    'product/discountListPage',
    'product/hotSeriesList',
    'product/hotSeriesPage',
    'product/allSeries',
    'product/search',
    'banner/list',
    'announcement/list',
    'footer/list',
  ].map((path) => `/api/mall/${path}`),
)
registerRoute(
  ({ url, request }) => isOwnGet(url, request) && CATALOG_LISTS.has(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'catalog-lists',
    plugins: [
      storableApiAnswer,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

/**
 * A product's page (prices, stock), the browsing history, the favourites, the address book and the
 * charge settings and points the cart's totals need must be current when the network is there, and
 * still open offline: the network first, the cache after 3 s or on failure. The `user-` prefix has this cache cleared on logout.
 */
const USER_LISTS = new Set([
  '/api/mall/history/list',
  '/api/mall/collect/list',
  '/api/mall/address/list',
  // the cart's amount due offline needs the shopper's charge settings and points
  '/api/mall/charge/details',
  '/api/mall/user/payInfo',
])
const isUserCatalogCall = (pathname: string) =>
  pathname.startsWith('/api/mall/product/details/') || USER_LISTS.has(pathname)
registerRoute(
  ({ url, request }) => isOwnGet(url, request) && isUserCatalogCall(url.pathname),
  new NetworkFirst({
    cacheName: 'user-catalog',
    networkTimeoutSeconds: 3,
    plugins: [
      storableApiAnswer,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// Nothing else under /api is cached: payments, orders and logins always go to the network; the cart
// keeps itself in IndexedDB (its last read and the changes not yet sent), see src/features/cart.

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
