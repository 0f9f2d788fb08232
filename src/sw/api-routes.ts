/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies'
import { type ApiCachePlan, apiCachePlan } from './api-cache-rules.ts'
import { boundedCache } from './bounded-cache.ts'
import { noteSession, refuseEndedSessions } from './ended-sessions.ts'

declare const self: ServiceWorkerGlobalScope

type CachedPlan = Exclude<ApiCachePlan, { strategy: 'network-only' }>

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

const WEEK_SECONDS = 7 * 24 * 3600

// One strategy per cache name: a visitor's pair and one pair per shopper seen by this worker.
const strategies = new Map<string, Strategy>()

function strategyFor(plan: CachedPlan): Strategy {
  const known = strategies.get(plan.cacheName)
  if (known) return known
  const plugins = [
    refuseEndedSessions,
    storableApiAnswer,
    boundedCache({
      maxEntries: plan.strategy === 'stale-while-revalidate' ? 300 : 200,
      maxAgeSeconds: WEEK_SECONDS,
    }),
  ]
  const strategy =
    plan.strategy === 'stale-while-revalidate'
      ? new StaleWhileRevalidate({ cacheName: plan.cacheName, plugins })
      : new NetworkFirst({ cacheName: plan.cacheName, networkTimeoutSeconds: 3, plugins })
  strategies.set(plan.cacheName, strategy)
  return strategy
}

/**
 * The API calls the offline pages need, each cached for whoever asked (src/sw/api-cache-rules.ts).
 * Every other call, payments, orders, logins, /api/ops and webhooks first, is not answered by this
 * worker at all: the browser sends it to the network as if there were no worker, so it is never
 * cached, and with no background sync registered it is never replayed.
 */
export function registerApiRoutes(): void {
  registerRoute(
    ({ url, request }) => {
      if (url.origin !== self.location.origin) return false
      const plan = apiCachePlan(url.pathname, request.method, request.headers.get('token'))
      return plan.strategy === 'network-only' ? false : plan
    },
    ({ request, event, params }) => {
      const plan = params as CachedPlan
      if (plan.session !== null) noteSession(plan.session)
      return strategyFor(plan).handle({ request, event })
    },
  )
}
