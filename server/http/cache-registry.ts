import type { Db } from '../db/client.ts'

/** A per-process cache attached to a database, and how to detach it. */
export interface RunningCache<Cache> {
  cache: Cache
  /** Stops listening for the database's notices and forgets the cache: calls read the database again. */
  stop(): Promise<void>
}

/**
 * The caches of one kind, one per database. Keyed by the database rather than held by the app, so
 * every app on one database shares it and a server opts in where it opens its database (startup.ts);
 * apps without one (most tests) read the database on every call.
 */
export function cacheRegistry<Cache>() {
  const caches = new WeakMap<Db, Cache>()
  return {
    /** The database's cache, when one was started. */
    of: (db: Db): Cache | undefined => caches.get(db),
    /** Attaches a started cache, fed by `listener`, to the database. */
    attach(db: Db, cache: Cache, listener: { stop(): Promise<void> }): RunningCache<Cache> {
      caches.set(db, cache)
      return {
        cache,
        async stop() {
          if (caches.get(db) === cache) caches.delete(db)
          await listener.stop()
        },
      }
    },
  }
}
