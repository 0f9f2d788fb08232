import { PRIVATE_CACHE_PREFIX, tokenOwnerOf } from './cache-names.ts'

/**
 * Which cache, if any, keeps an answer of the API (the offline table of the architecture page). Pure,
 * so the rules are tested without a worker (tests/features/sw-cache-rules.test.ts).
 *
 * Who asks decides where an answer goes: a call without a token (a visitor) is public and goes to the
 * shared `visitor-…` caches; a call with a token goes to caches of that shopper alone
 * (`user-<kind>-<id>-…`), which the page deletes on logout, on 9004/9005 and on an account switch.
 */
export type ApiCachePlan =
  | { strategy: 'network-only' }
  | {
      strategy: 'stale-while-revalidate' | 'network-first'
      cacheName: string
      /** The session of the token (null for a visitor), so a late answer of an ended one is dropped. */
      session: string | null
    }

const NETWORK_ONLY: ApiCachePlan = { strategy: 'network-only' }

/**
 * Never cached and never replayed, whatever the method and whoever asks: payments, order creation,
 * sign-in and the other account-security calls, the operator console and payment webhooks. Checked
 * before anything else, so adding a path to a cached list below cannot cache one of these.
 */
const NEVER_CACHED: readonly RegExp[] = [
  /^\/api\/ops(\/|$)/,
  // the sandbox gateway's hosted page and every gateway's webhook
  /^\/api\/pay\//,
  /\/webhooks?(\/|$)/,
  /^\/api\/mall\/(pay|paypal|sb_pay)\//,
  /^\/api\/mall\/extra_pay\/pay\//,
  /^\/api\/mall\/order\/(createOrder|orderPay|finallyPay|cancel|export)(\/|$)/,
  /^\/api\/mall\/user\/(login|register|exit|checkToken|reset|changePwd|replaceEmail|code\/)/,
  // the operator's preview of a product not on sale, signed with a Bearer token
  /^\/api\/mall\/product\/preview\//,
]

export function isNeverCached(pathname: string): boolean {
  return NEVER_CACHED.some((pattern) => pattern.test(pathname))
}

/**
 * Lists that change slowly and must open offline at once: answered from the cache and refreshed in the
 * background. Keyed by the full URL, which carries `language` and the page.
 */
const LISTS = new Set(
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
    'product/bestList',
    'brand/list',
    'brand/trending',
    'product/hotSeriesList',
    'product/hotSeriesPage',
    'product/allSeries',
    'product/search',
    // the release calendar opens offline like the lists (its feed address and the feed never cached)
    'product/calendar',
    'banner/list',
    'announcement/list',
    'footer/list',
    'vip/list',
  ].map((path) => `/api/mall/${path}`),
)
const isList = (pathname: string) => LISTS.has(pathname) || pathname.startsWith('/api/mall/article/')

/** A product's page (prices, stock) must be current online and still open offline, for anyone. */
const isProductDetail = (pathname: string) => pathname.startsWith('/api/mall/product/details/')

/**
 * A shopper's orders (lists, children, detail): network first so a status is current, and still
 * readable offline. The settlement of an unpaid order is not among them: its amount and the latch must
 * be read live before paying.
 */
const isShopperOrder = (pathname: string) =>
  /^\/api\/mall\/order\/(list|operatorList|childList\/\d+|\d+)$/.test(pathname)

/**
 * The signed-in pages' own data (network first, cache after 3 s or on failure): the cart with the
 * charge settings and points its totals need, the favourites, the browsing history, the address book,
 * the account page and the members' customer-service contacts.
 */
const SHOPPER_DATA = new Set(
  [
    'cart/listCart',
    'charge/details',
    'user/payInfo',
    'user/info',
    'collect/list',
    'history/list',
    'address/list',
    'customer_service/list',
  ].map((path) => `/api/mall/${path}`),
)

/**
 * The plan for one request to our own `/api`. Only GETs are ever cached; a token that cannot be read
 * gets no cache rather than the visitors' one.
 */
export function apiCachePlan(pathname: string, method: string, token: string | null): ApiCachePlan {
  if (method !== 'GET' || !pathname.startsWith('/api/') || isNeverCached(pathname)) return NETWORK_ONLY
  const strategy = isList(pathname)
    ? 'stale-while-revalidate'
    : isProductDetail(pathname) || SHOPPER_DATA.has(pathname) || isShopperOrder(pathname)
      ? 'network-first'
      : undefined
  if (strategy === undefined) return NETWORK_ONLY
  const kind = strategy === 'stale-while-revalidate' ? 'lists' : 'data'
  if (token === null) {
    // a visitor has no cart, favourites or account: such a call only meets a refusal
    if (SHOPPER_DATA.has(pathname) || isShopperOrder(pathname)) return NETWORK_ONLY
    return { strategy, cacheName: `visitor-${kind}`, session: null }
  }
  const owner = tokenOwnerOf(token)
  if (!owner) return NETWORK_ONLY
  return { strategy, cacheName: `${PRIVATE_CACHE_PREFIX}${owner.owner}-${kind}`, session: owner.session }
}
