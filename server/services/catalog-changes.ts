import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../db/client.ts'

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

/** After a lost connection, retry after 1 s, doubling up to 30 s. */
const RECONNECT_FIRST_MS = 1_000
const RECONNECT_MAX_MS = 30_000

/**
 * Listens for catalog changes on the database behind `db`: PGlite's own listen, or for PostgreSQL a
 * connection of its own (a pooled one would go back to the pool and stop listening), reconnected when
 * lost. Resolves once listening.
 */
export async function listenForCatalogChanges(
  db: Db,
  events: CatalogChangeEvents,
): Promise<CatalogChangeListener> {
  const client = (db as unknown as { $client: unknown }).$client
  if (client instanceof pg.Pool) return listenOnPostgres(client.options, events)
  return listenOnPglite(client as PGlite, events)
}

async function listenOnPglite(client: PGlite, events: CatalogChangeEvents): Promise<CatalogChangeListener> {
  const unlisten = await client.listen(CATALOG_CHANGED_CHANNEL, (what) => events.onChange(what))
  events.onListening(true)
  return {
    async stop() {
      events.onListening(false)
      if (!client.closed) await unlisten()
    },
  }
}

async function listenOnPostgres(
  options: pg.ClientConfig,
  events: CatalogChangeEvents,
): Promise<CatalogChangeListener> {
  let stopped = false
  let current: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  let delayMs = RECONNECT_FIRST_MS

  const connect = async (): Promise<void> => {
    const client = new pg.Client(options)
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      client.removeAllListeners('notification')
      // Ending a broken client can only fail again; its error is already handled here.
      client.end().catch(() => {})
      if (current === client) current = undefined
      if (stopped) return
      events.onListening(false)
      scheduleReconnect()
    }
    client.on('error', onLost)
    client.on('end', onLost)
    client.on('notification', (notice) => {
      if (notice.channel === CATALOG_CHANGED_CHANNEL) events.onChange(notice.payload ?? '')
    })
    try {
      await client.connect()
      await client.query(`listen ${CATALOG_CHANGED_CHANNEL}`)
    } catch (error) {
      // Never listened: the caller decides whether to try again, so this client reports nothing more.
      lost = true
      client.end().catch(() => {})
      throw error
    }
    if (stopped) {
      lost = true
      await client.end()
      return
    }
    current = client
    delayMs = RECONNECT_FIRST_MS
    events.onListening(true)
  }

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      retry = undefined
      if (stopped) return
      connect().catch((error: Error) => {
        console.error(`[catalog cache] cannot listen for catalog changes: ${error.message}`)
        if (!stopped) scheduleReconnect()
      })
    }, delayMs)
    retry.unref()
    delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS)
  }

  await connect()
  return {
    async stop() {
      stopped = true
      if (retry) clearTimeout(retry)
      events.onListening(false)
      const client = current
      current = undefined
      await client?.end()
    },
  }
}
