/**
 * Names shared by the service worker and the page (src/lib/user-storage.ts). Pure: no worker or DOM
 * globals, so both tsconfigs compile it.
 */

/** Every cache that can hold a shopper's data or prices starts with this; nothing public does. */
export const PRIVATE_CACHE_PREFIX = 'user-'

/**
 * Caches of earlier service workers that mixed signed-in answers into names without the prefix
 * (`catalog-lists` held member prices). Deleted on activation and on every wipe, in case an old
 * worker still runs in another tab.
 */
export const LEGACY_PRIVATE_CACHES: readonly string[] = ['catalog-lists', 'user-catalog']

/** Whether a Cache Storage name may hold private data (and so goes on logout). */
export function isPrivateCacheName(name: string): boolean {
  return name.startsWith(PRIVATE_CACHE_PREFIX) || LEGACY_PRIVATE_CACHES.includes(name)
}

/**
 * The page tells the worker a wipe happened: sessions other than `keepSession` have ended, so their
 * answers still in flight must not be written back into a private cache after it was deleted.
 */
export interface SessionsEndedMessage {
  type: 'SESSIONS_ENDED'
  /** The session still signed in on this page (an account switch), or null after a logout. */
  keepSession: string | null
}

export const SESSIONS_ENDED = 'SESSIONS_ENDED' satisfies SessionsEndedMessage['type']

/**
 * The session id (`sid`) and the cache owner a token names, read without verifying it: `<kind>-<sub>`,
 * plus `-r<role>` for a price role, so answers priced for one column are never replayed after an
 * operator moves the shopper to another.
 */
export interface TokenOwner {
  owner: string
  session: string
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
  return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
}

// Cache names and message fields only ever see these characters, whatever a token says.
const SAFE_PART = /^[A-Za-z0-9_.-]{1,64}$/

/**
 * Who a session token speaks for, decoded only: the cache is a partition, not a permission (the server
 * verifies every call). Anything unreadable gives undefined, and such a call is not cached at all.
 */
export function tokenOwnerOf(token: string): TokenOwner | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  let claims: unknown
  try {
    claims = JSON.parse(decodeBase64Url(payload))
  } catch {
    return undefined
  }
  if (typeof claims !== 'object' || claims === null) return undefined
  const { sub, sid, kind, role } = claims as Record<string, unknown>
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof kind !== 'string') return undefined
  if (![sub, sid, kind].every((part) => SAFE_PART.test(part))) return undefined
  const prices = Number.isInteger(role) ? `-r${role}` : ''
  return { owner: `${kind}-${sub}${prices}`, session: sid }
}

/** The app's own code beyond the precached shell: chunks cached when first used or warmed. */
export const PAGE_CODE_CACHE = 'page-code'

/** Where the build lists the chunks to warm and each page's files (vite-offline-shell.ts). */
export const OFFLINE_PAGES_URL = '/offline-pages.json'

/**
 * The page asks the worker, once it controls the page, to keep the code it loaded before (`urls`),
 * then, once the network is idle, to warm the rest of the shopper's pages. The worker answers on the
 * message's port when it is done.
 */
export type PageCodeMessage = { type: 'ADOPT_PAGE_CODE'; urls: string[] } | { type: 'WARM_PAGE_CODE' }
