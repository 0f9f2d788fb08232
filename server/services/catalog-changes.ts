import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { listenForNotices } from './change-notices.ts'

/**
 * Catalog changes reach every server through PostgreSQL's LISTEN/NOTIFY: a write to what the public
 * catalog calls answer (products, series, categories, banners, announcements, articles) calls
 * notifyCatalogChanged inside its transaction, PostgreSQL delivers the notice on commit (never on
 * rollback) to every connection listening, and each server drops its cached answers. PGlite, a single
 * process, delivers the same notice to its own listeners. A write made outside the server (psql) can
 * send `NOTIFY yoyaku_catalog_changed`; otherwise the cache's TTL bounds how long it goes unseen.
 */
export const CATALOG_CHANGED_CHANNEL = 'yoyaku_catalog_changed'

/** Announces, on commit of `tx`, that `what` changed (the payload is for logs; any notice clears all). */
export async function notifyCatalogChanged(tx: Db, what: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, ${what})`)
}

export interface CatalogChangeEvents {
  /** A notice arrived: something changed. */
  onChange(what: string): void
  /**
   * Whether notices are being received. False when the listening connection is lost (changes may be
   * missed until it is back), true again once it listens anew.
   */
  onListening(listening: boolean): void
}

export interface CatalogChangeListener {
  stop(): Promise<void>
}

/**
 * Listens for catalog changes on the database behind `db`, on the process's one listening connection
 * (services/change-notices.ts), reconnected when lost. Resolves once listening.
 */
export async function listenForCatalogChanges(
  db: Db,
  events: CatalogChangeEvents,
): Promise<CatalogChangeListener> {
  return listenForNotices(db, CATALOG_CHANGED_CHANNEL, {
    onNotice: (what) => events.onChange(what),
    onListening: (listening) => events.onListening(listening),
  })
}
