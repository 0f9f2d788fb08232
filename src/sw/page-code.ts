/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration'
import { getCacheKeyForURL } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { OFFLINE_PAGES_URL, PAGE_CODE_CACHE, type PageCodeMessage } from './cache-names.ts'

declare const self: ServiceWorkerGlobalScope

/** Hashed names: a cached chunk never goes stale, it only stops being used. */
const pageCode = new CacheFirst({
  cacheName: PAGE_CODE_CACHE,
  plugins: [
    // every shopper chunk of two versions side by side, and the console's when an operator used it
    new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
  ],
})

const isPageCode = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/')

/** Same-origin chunks and stylesheets, not precached: cache-first, so a page used once opens offline. */
export function registerPageCodeRoute(): void {
  registerRoute(({ url }) => isPageCode(url), pageCode)
}

/** Caches each of `urls` that is page code and not in the precache; one failure does not stop the rest. */
async function keep(urls: string[], event: ExtendableEvent): Promise<void> {
  const wanted = urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => isPageCode(url) && getCacheKeyForURL(url.href) === undefined)
  // two at a time: warming must not crowd out what the shopper is loading
  const queue = [...new Set(wanted.map((url) => url.href))]
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await pageCode.handle({ request: new Request(next, { priority: 'low' }), event }).catch(() => undefined)
    }
  }
  await Promise.all([worker(), worker()])
}

let warming: Promise<void> | undefined

/** Fetches the build's list of the shopper's chunks (kept for the offline indicator) and caches them. */
function warm(event: ExtendableEvent): Promise<void> {
  warming ??= (async () => {
    const response = await fetch(OFFLINE_PAGES_URL, { cache: 'no-store' })
    if (!response.ok) return
    const cache = await self.caches.open(PAGE_CODE_CACHE)
    await cache.put(OFFLINE_PAGES_URL, response.clone())
    const { warm: urls } = (await response.json()) as { warm: string[] }
    await keep(urls, event)
  })()
    .catch(() => undefined)
    .finally(() => {
      warming = undefined
    })
  return warming
}

/** Answers ADOPT_PAGE_CODE and WARM_PAGE_CODE (see PageCodeMessage); false for any other message. */
export function handlePageCodeMessage(event: ExtendableMessageEvent): boolean {
  const data = event.data as PageCodeMessage | null
  let done: Promise<void>
  if (data?.type === 'ADOPT_PAGE_CODE' && Array.isArray(data.urls))
    done = keep(data.urls.slice(0, 400), event)
  else if (data?.type === 'WARM_PAGE_CODE') done = warm(event)
  else return false
  const port = event.ports[0]
  event.waitUntil(done.then(() => port?.postMessage(true)))
  return true
}
