import type { SessionClaims } from '../../src/domain/session.ts'
import type { Db } from '../db/client.ts'
import { countCacheLookup } from '../observability/metrics.ts'
import { checkSessionToken, claimsCheckAt, type TokenCheck } from '../services/accounts/session-tokens.ts'
import {
  ACCOUNT_CHANGED_CHANNEL,
  type AccountRow,
  readSession,
  type SessionLookup,
  type StoredSession,
  sessionStatusAt,
} from '../services/accounts/sessions.ts'
import { type ChangeNoticeSubscription, listenForNotices } from '../services/change-notices.ts'
import { favouriteIdsOf } from '../services/favourites.ts'
import { cacheRegistry, type RunningCache } from './cache-registry.ts'

/**
 * Signed-in callers' sessions, accounts and favourites, kept per process so a warm signed-in catalog
 * call reads nothing from the database (deploy §1 'Sessions').
 *
 * Freshness: the database itself announces every change of an account, of a session's end or of a
 * user's favourites on `yoyaku_account_changed` with the user id (triggers of migration 0015), whatever
 * made it, and every process drops that user's entries on the notice: logout, a password change, a
 * disabled account, a role or points change reach every process within moments. A session's expiry
 * needs no notice: it is checked against the clock at every use. While the listening connection is
 * down nothing is stored; a safety TTL bounds the staleness of a lost notice.
 *
 * Token signatures (HS256, tens of µs each) are checked once per token: the same bytes under the same
 * key stay valid, and the token's lifetime is checked again at every use.
 */

/** Product id to favourite id (`bid`) of one shopper. */
export type FavouriteIds = ReadonlyMap<number, number>

/** A signed-in caller as the cache holds them. */
export interface HeldSignIn {
  claims: SessionClaims
  account: AccountRow
}

/** Where the cache reads what it does not hold. */
export interface SessionLoaders {
  session(sessionId: string, userId: number): Promise<StoredSession>
  /** Undefined when the shopper has too many favourites to keep: their lists are marked by a query each. */
  favourites(userId: number): Promise<FavouriteIds | undefined>
}

export interface SessionCacheOptions {
  /** At most this many sessions (and as many shoppers' favourites); the least recently used go first. */
  maxSessions?: number
  /** At most this many verified tokens (about 1 kB each). */
  maxTokens?: number
  /** How long an entry is used at most when no notice says it changed. */
  ttlMs?: number
  /** A shopper with more favourites than this has them marked by a query per list instead. */
  maxFavourites?: number
}

const DEFAULTS: Required<SessionCacheOptions> = {
  maxSessions: 50_000,
  maxTokens: 20_000,
  ttlMs: 60_000,
  maxFavourites: 5_000,
}

interface SessionEntry {
  userId: number
  stored: StoredSession
  /** Epoch ms (the app's clock) after which it is read again. */
  expiresAtMs: number
}

interface FavouritesEntry {
  ids: FavouriteIds | undefined
  expiresAtMs: number
}

/** A load under way. `current` turns false when its user changes meanwhile: its result is not stored. */
interface Pending<V> {
  userId: number
  state: { current: boolean }
  promise: Promise<V>
}

/** Moves `key` to the most recently used end of a Map kept in use order. */
function touch<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key)
  map.set(key, value)
}

export class SessionCache {
  readonly ttlMs: number
  readonly #maxSessions: number
  readonly #maxTokens: number
  readonly #loaders: SessionLoaders
  /** In least- to most-recently-used order. */
  readonly #sessions = new Map<string, SessionEntry>()
  /** Session ids held of each user, so a notice naming the user drops them all. */
  readonly #sessionsOf = new Map<number, Set<string>>()
  readonly #favourites = new Map<number, FavouritesEntry>()
  readonly #pendingSessions = new Map<string, Pending<StoredSession>>()
  readonly #pendingFavourites = new Map<number, Pending<FavouriteIds | undefined>>()
  readonly #tokens = new Map<string, { key: Uint8Array; claims: SessionClaims }>()
  #listening = false
  #invalidations = 0

  constructor(loaders: SessionLoaders, options: SessionCacheOptions = {}) {
    const settings = { ...DEFAULTS, ...options }
    this.ttlMs = settings.ttlMs
    this.#maxSessions = settings.maxSessions
    this.#maxTokens = settings.maxTokens
    this.#loaders = loaders
  }

  /** Whether entries are stored: only while change notices are being received. */
  get listening(): boolean {
    return this.#listening
  }

  /** How many times entries were dropped by a notice, a local write or a lost listener (tests, logs). */
  get invalidations(): number {
    return this.#invalidations
  }

  /** Sessions held. */
  get size(): number {
    return this.#sessions.size
  }

  setListening(listening: boolean): void {
    // Whatever was held before a listener (re)starts may have missed a notice.
    this.forgetEveryone()
    this.#listening = listening
  }

  /** A notice's payload: a user id, or anything else ('*': a table was emptied) for everyone. */
  onNotice(payload: string): void {
    if (/^\d+$/.test(payload)) this.forgetUser(Number(payload))
    else this.forgetEveryone()
  }

  /** Drops the user's sessions and favourites, and keeps any load of them under way from being stored. */
  forgetUser(userId: number): void {
    this.#invalidations += 1
    for (const sessionId of this.#sessionsOf.get(userId) ?? []) this.#sessions.delete(sessionId)
    this.#sessionsOf.delete(userId)
    this.#favourites.delete(userId)
    for (const [sessionId, pending] of this.#pendingSessions) {
      if (pending.userId !== userId) continue
      pending.state.current = false
      this.#pendingSessions.delete(sessionId)
    }
    const favourites = this.#pendingFavourites.get(userId)
    if (favourites) {
      favourites.state.current = false
      this.#pendingFavourites.delete(userId)
    }
  }

  forgetEveryone(): void {
    this.#invalidations += 1
    this.#sessions.clear()
    this.#sessionsOf.clear()
    this.#favourites.clear()
    for (const pending of [...this.#pendingSessions.values(), ...this.#pendingFavourites.values()]) {
      pending.state.current = false
    }
    this.#pendingSessions.clear()
    this.#pendingFavourites.clear()
  }

  /** checkSessionToken, verifying each token's signature once. */
  async checkToken(key: Uint8Array, token: string, now: Date): Promise<TokenCheck> {
    const known = this.#knownTokenCheck(key, token, now)
    if (known) return known
    const check = await checkSessionToken(key, token, now)
    // Only valid tokens are kept: forged ones, which anyone can send, would crowd them out.
    if (check.status === 'valid') {
      this.#tokens.set(token, { key, claims: check.claims })
      for (const oldest of this.#tokens.keys()) {
        if (this.#tokens.size <= this.#maxTokens) break
        this.#tokens.delete(oldest)
      }
    }
    return check
  }

  /**
   * The active session and account a token signs in, from what is held alone: undefined unless the
   * token's signature was verified before, its lifetime holds and its session is held and active. Reads
   * nothing and never waits, for the fast lane (fast-lane.ts); anything else goes the usual way.
   */
  heldSignIn(key: Uint8Array, token: string, now: Date): HeldSignIn | undefined {
    const check = this.#knownTokenCheck(key, token, now)
    if (check?.status !== 'valid') return undefined
    const { claims } = check
    const entry = this.#heldSession(claims.sid, Number(claims.sub), now.getTime())
    const lookup = entry && sessionStatusAt(entry.stored, now)
    return lookup?.status === 'active' ? { claims, account: lookup.account } : undefined
  }

  /** The shopper's favourites when held and unexpired, without loading them; else undefined. */
  heldFavourites(userId: number, now: Date): FavouriteIds | undefined {
    return this.#heldFavourites(userId, now.getTime())?.ids
  }

  /** The session named by a token, with its account, as of `now` (lookUpSession's answer). */
  async session(sessionId: string, userId: number, now: Date): Promise<SessionLookup> {
    const nowMs = now.getTime()
    const held = this.#heldSession(sessionId, userId, nowMs)
    if (held) return sessionStatusAt(held.stored, now)
    countCacheLookup('session', false)
    const stale = this.#sessions.get(sessionId)
    if (stale) this.#dropSession(sessionId, stale.userId)
    const stored = await this.#load(
      this.#pendingSessions,
      sessionId,
      userId,
      () => this.#loaders.session(sessionId, userId),
      (value) => this.#storeSession(sessionId, { userId, stored: value, expiresAtMs: nowMs + this.ttlMs }),
    )
    return sessionStatusAt(stored, now)
  }

  /**
   * All of the shopper's favourites, to mark any list of cards with; undefined when they are not kept
   * (too many, or the cache is not listening): the caller then asks the database for the list's cards.
   */
  async favouritesOf(userId: number, now: Date): Promise<FavouriteIds | undefined> {
    const nowMs = now.getTime()
    const held = this.#heldFavourites(userId, nowMs)
    if (held) return held.ids
    countCacheLookup('favourites', false)
    this.#favourites.delete(userId)
    if (!this.#listening) return undefined
    return this.#load(
      this.#pendingFavourites,
      userId,
      userId,
      () => this.#loaders.favourites(userId),
      (ids) => {
        this.#favourites.set(userId, { ids, expiresAtMs: nowMs + this.ttlMs })
        for (const oldest of this.#favourites.keys()) {
          if (this.#favourites.size <= this.#maxSessions) break
          this.#favourites.delete(oldest)
        }
      },
    )
  }

  /** The check of a token whose signature was verified before (its lifetime checked now), else undefined. */
  #knownTokenCheck(key: Uint8Array, token: string, now: Date): TokenCheck | undefined {
    const known = this.#tokens.get(token)
    if (!known || known.key !== key) return undefined
    const check = claimsCheckAt(known.claims, now)
    if (check.status === 'valid') touch(this.#tokens, token, known)
    else this.#tokens.delete(token)
    return check
  }

  /** The held, unexpired session of `userId` (a hit, counted), else undefined. */
  #heldSession(sessionId: string, userId: number, nowMs: number): SessionEntry | undefined {
    const entry = this.#sessions.get(sessionId)
    if (!entry || entry.userId !== userId || entry.expiresAtMs <= nowMs) return undefined
    touch(this.#sessions, sessionId, entry)
    countCacheLookup('session', true)
    return entry
  }

  /** The held, unexpired favourites entry of `userId` (a hit, counted), else undefined. */
  #heldFavourites(userId: number, nowMs: number): FavouritesEntry | undefined {
    const entry = this.#favourites.get(userId)
    if (!entry || entry.expiresAtMs <= nowMs) return undefined
    touch(this.#favourites, userId, entry)
    countCacheLookup('favourites', true)
    return entry
  }

  /**
   * Loads a value, joined by lookups of the same key meanwhile, and stores it unless the user changed
   * (or the listener was lost) while it was read: the read may predate the change.
   */
  #load<K, V>(
    pending: Map<K, Pending<V>>,
    key: K,
    userId: number,
    load: () => Promise<V>,
    store: (value: V) => void,
  ): Promise<V> {
    if (!this.#listening) return load()
    const underWay = pending.get(key)
    if (underWay && underWay.userId === userId) return underWay.promise
    const state = { current: true }
    const promise = load().then(
      (value) => {
        if (pending.get(key)?.promise === promise) pending.delete(key)
        if (state.current && this.#listening) store(value)
        return value
      },
      (error: unknown) => {
        if (pending.get(key)?.promise === promise) pending.delete(key)
        throw error
      },
    )
    pending.set(key, { userId, state, promise })
    return promise
  }

  #storeSession(sessionId: string, entry: SessionEntry): void {
    const previous = this.#sessions.get(sessionId)
    if (previous) this.#dropSession(sessionId, previous.userId)
    this.#sessions.set(sessionId, entry)
    let ofUser = this.#sessionsOf.get(entry.userId)
    if (!ofUser) {
      ofUser = new Set()
      this.#sessionsOf.set(entry.userId, ofUser)
    }
    ofUser.add(sessionId)
    for (const [oldest, { userId }] of this.#sessions) {
      if (this.#sessions.size <= this.#maxSessions) break
      this.#dropSession(oldest, userId)
    }
  }

  #dropSession(sessionId: string, userId: number): void {
    this.#sessions.delete(sessionId)
    const ofUser = this.#sessionsOf.get(userId)
    ofUser?.delete(sessionId)
    if (ofUser?.size === 0) this.#sessionsOf.delete(userId)
  }
}

const sessionCaches = cacheRegistry<SessionCache>()

/** The session cache of the database, when one was started (startup.ts); else sessions are read each time. */
export const sessionCacheOf = sessionCaches.of

export type RunningSessionCache = RunningCache<SessionCache>

/** Starts caching the sessions of `db`, dropping a user's entries whenever the database says they changed. */
export async function startSessionCache(
  db: Db,
  options: SessionCacheOptions = {},
): Promise<RunningSessionCache> {
  const maxFavourites = options.maxFavourites ?? DEFAULTS.maxFavourites
  const cache = new SessionCache(
    {
      session: (sessionId, userId) => readSession(db, sessionId, userId),
      favourites: (userId) => favouriteIdsOf(db, userId, maxFavourites),
    },
    options,
  )
  const subscription: ChangeNoticeSubscription = await listenForNotices(db, ACCOUNT_CHANGED_CHANNEL, {
    onNotice: (payload) => cache.onNotice(payload),
    onListening: (listening) => cache.setListening(listening),
  })
  return sessionCaches.attach(db, cache, subscription)
}
