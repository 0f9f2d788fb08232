/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { registerApiRoutes } from './api-routes.ts'
import { LEGACY_PRIVATE_CACHES, SESSIONS_ENDED, type SessionsEndedMessage } from './cache-names.ts'
import { endSessions } from './ended-sessions.ts'
import { handlePageCodeMessage, registerPageCodeRoute } from './page-code.ts'
import { openNotificationTarget, showPushNotification } from './push-handlers.ts'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

// The shopper's shell (vite-offline-shell.ts): precached, old revisions removed.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every client-side route opens offline from the cached shell; /api, /media and /uploads are never the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/media\//, /^\/uploads\//],
  }),
)

registerApiRoutes()

// Every other chunk: cached when a page first uses it, or warmed once the network is idle.
registerPageCodeRoute()

// Product images: cache-first with a bound on count and age (public, so the bookkeeping may be too).
registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// Earlier workers kept signed-in answers under other names, with their URLs in IndexedDB: both go.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all(
      LEGACY_PRIVATE_CACHES.map(async (name) => {
        await new CacheExpiration(name, { maxEntries: 1 }).delete()
        await self.caches.delete(name)
      }),
    ),
  )
})

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null
  // The update prompt posts SKIP_WAITING when the shopper accepts the new version.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  // The page wiped a shopper's caches (logout, 9004/9005, another account).
  if (data?.type === SESSIONS_ENDED) event.waitUntil(endSessions(data as SessionsEndedMessage))
  handlePageCodeMessage(event)
})

// Reminders by Web Push: show each one; a click opens the page that settles it.
self.addEventListener('push', (event) => {
  event.waitUntil(showPushNotification(self.registration, event.data, self.location.origin))
})
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openNotificationTarget(event.notification.data, self.location.origin, self.clients))
})

// The first install takes control of the open page, so its next requests are cached.
clientsClaim()
