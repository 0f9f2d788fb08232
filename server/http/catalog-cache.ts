import type { Db } from '../db/client.ts'
import { countCacheLookup } from '../observability/metrics.ts'
import { type CatalogChangeListener, listenForCatalogChanges } from '../services/catalog-changes.ts'
import { cacheRegistry, type RunningCache } from './cache-registry.ts'

/**
 * Answers of the public catalog calls, kept in memory as the bytes sent (with their compressed copies,
 * made on first demand), so a repeated call costs neither a query, nor JSON.stringify, nor compression.
 *
 * Freshness (issue 12): every server listens for catalog changes (LISTEN/NOTIFY, see
 * services/catalog-changes.ts) and drops the whole cache on any notice; catalog writes are rare
 * (seeding, growing the catalog), so finer invalidation would buy nothing. While the listening
 * connection is down nothing is cached, since changes could go unseen. A safety TTL (60 s by default)
 * bounds the staleness of writes that send no notice (rows edited by hand); an answer that changes
 * with time alone (a scheduled announcement) expires when it would.
 */
/** Bytes that a Response can send (not a view of a shared buffer). */
export type Bytes = Uint8Array<ArrayBuffer>

export interface CachedAnswer {
  /** The JSON body as sent. */
  body: Bytes
  contentType: string
  /** Strong validator of `body`: a hash of its bytes. */
  etag: string
  /** Epoch ms after which the answer is built again. */
  expiresAt: number
  /** Compressed copies by content coding, filled on first demand. */
  encoded: Map<string, Bytes>
  /** The products whose cards the answer holds: a signed-in caller none of whose favourites is among them gets the shared bytes as they are. */
  cardIds?: readonly number[]
}

/** A shared answer as one request was sent it, for the fast lane to send again (fast-lane.ts). */
export interface SentSharedAnswer {
  /** The answer's key in the catalog cache. */
  key: string
  answer: CachedAnswer
  /** The bytes sent: the body, or its compressed copy. */
  body: Bytes
}

export interface CatalogCacheOptions {
  /** At most this many answers; the least recently used go first. */
  maxEntries?: number
  /** At most this many bytes of bodies and compressed copies. */
  maxBytes?: number
  /** How long an answer is reused at most when no notice says it changed. */
  ttlMs?: number
}

const DEFAULTS: Required<CatalogCacheOptions> = {
  maxEntries: 2_000,
  maxBytes: 64 * 1024 * 1024,
  ttlMs: 60_000,
}

const sizeOf = (answer: CachedAnswer) => {
  let bytes = answer.body.byteLength
  for (const copy of answer.encoded.values()) bytes += copy.byteLength
  return bytes
}

export class CatalogCache {
  readonly ttlMs: number
  readonly #maxEntries: number
  readonly #maxBytes: number
  /** In least- to most-recently-used order (a Map keeps insertion order; a hit re-inserts). */
  readonly #answers = new Map<string, CachedAnswer>()
  /** Builds under way, so a burst of misses on one key runs one build. */
  readonly #building = new Map<string, Promise<CachedAnswer>>()
  /** Bumped by every invalidation: a build that started before one is not stored. */
  #generation = 0
  #bytes = 0
  #listening = false
  #invalidations = 0

  constructor(options: CatalogCacheOptions = {}) {
    const settings = { ...DEFAULTS, ...options }
    this.ttlMs = settings.ttlMs
    this.#maxEntries = settings.maxEntries
    this.#maxBytes = settings.maxBytes
  }

  /** Whether answers are stored: only while change notices are being received. */
  get listening(): boolean {
    return this.#listening
  }

  /** How many times the cache has been emptied by a change or a lost listener (for tests and logs). */
  get invalidations(): number {
    return this.#invalidations
  }

  get size(): number {
    return this.#answers.size
  }

  /** Drops every answer, and any build under way from being stored. */
  invalidate(): void {
    this.#generation += 1
    this.#invalidations += 1
    this.#answers.clear()
    this.#building.clear()
    this.#bytes = 0
  }

  setListening(listening: boolean): void {
    // Whatever was cached before a listener (re)starts may have missed a notice.
    this.invalidate()
    this.#listening = listening
  }

  /**
   * The stored answer for `key`, or one built by `build` (stored when the cache is listening and no
   * change came while it was built). A failing build stores nothing and fails every caller waiting on it.
   */
  async answer(key: string, nowMs: number, build: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const held = this.peek(key, nowMs)
    if (held) return held
    countCacheLookup('catalog', false)
    const stale = this.#answers.get(key)
    if (stale) this.#remove(key, stale)
    if (!this.#listening) return build()
    const underWay = this.#building.get(key)
    if (underWay) return underWay
    const generation = this.#generation
    const building = build().then(
      (answer) => {
        if (this.#building.get(key) === building) this.#building.delete(key)
        if (generation === this.#generation && this.#listening) this.#store(key, answer)
        return answer
      },
      (error: unknown) => {
        if (this.#building.get(key) === building) this.#building.delete(key)
        throw error
      },
    )
    this.#building.set(key, building)
    return building
  }

  /** The stored, unexpired answer for `key` without building one (the fast lane's check), else undefined. */
  peek(key: string, nowMs: number): CachedAnswer | undefined {
    const stored = this.#answers.get(key)
    if (!stored || stored.expiresAt <= nowMs) return undefined
    this.#answers.delete(key)
    this.#answers.set(key, stored)
    countCacheLookup('catalog', true)
    return stored
  }

  /** The answer compressed with `coding`, made once per answer and counted in the cache's size. */
  encodedCopy(key: string, answer: CachedAnswer, coding: string, encode: (body: Bytes) => Bytes): Bytes {
    const existing = answer.encoded.get(coding)
    if (existing) return existing
    const copy = encode(answer.body)
    answer.encoded.set(coding, copy)
    if (this.#answers.get(key) === answer) {
      this.#bytes += copy.byteLength
      this.#evict()
    }
    return copy
  }

  #store(key: string, answer: CachedAnswer): void {
    const previous = this.#answers.get(key)
    if (previous) this.#remove(key, previous)
    this.#answers.set(key, answer)
    this.#bytes += sizeOf(answer)
    this.#evict()
  }

  #remove(key: string, answer: CachedAnswer): void {
    this.#answers.delete(key)
    this.#bytes -= sizeOf(answer)
  }

  #evict(): void {
    for (const [key, answer] of this.#answers) {
      if (this.#answers.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) return
      this.#remove(key, answer)
    }
  }
}

const catalogCaches = cacheRegistry<CatalogCache>()

/** The catalog cache of the database, when one was started. */
export const catalogCacheOf = catalogCaches.of

export type RunningCatalogCache = RunningCache<CatalogCache>

/** Starts caching the public catalog answers of `db`, emptied whenever its catalog changes. */
export async function startCatalogCache(
  db: Db,
  options: CatalogCacheOptions = {},
): Promise<RunningCatalogCache> {
  const cache = new CatalogCache(options)
  const listener: CatalogChangeListener = await listenForCatalogChanges(db, {
    onChange: () => cache.invalidate(),
    onListening: (listening) => cache.setListening(listening),
  })
  return catalogCaches.attach(db, cache, listener)
}
