import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Db } from '../db/client.ts'
import { log } from '../observability/log.ts'

/**
 * PostgreSQL LISTEN/NOTIFY for the per-process caches (deploy §1 'Stateless app processes'): whatever
 * one process commits, every process hears within moments, and drops what it had cached. Each cache
 * subscribes to its channel (catalog changes, account changes); on PostgreSQL every channel of one
 * database handle shares one connection of its own (a pooled one would go back to the pool and stop
 * listening), reconnected when lost. PGlite, a single process, delivers notices to its own listeners.
 */
export interface ChangeNoticeSubscriber {
  /** A notice arrived on the channel, with its payload ('' when it had none). */
  onNotice(payload: string): void
  /**
   * Whether notices are being received. False when the listening connection is lost (changes may be
   * missed until it is back) and when the subscription stops; true again once it listens anew.
   */
  onListening(listening: boolean): void
}

export interface ChangeNoticeSubscription {
  stop(): Promise<void>
}

/** After a lost connection, retry after 1 s, doubling up to 30 s. */
const RECONNECT_FIRST_MS = 1_000
const RECONNECT_MAX_MS = 30_000

/** Channels are our own constants, sent unquoted in LISTEN: anything else is a programming error. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/

/**
 * Subscribes to `channel` on the database behind `db`. Resolves once listening; rejects when the first
 * connection cannot be made (a server should not start without its notices). Once a connection was
 * made, a lost one is retried for as long as anyone subscribes, and subscribers are told meanwhile.
 */
export async function listenForNotices(
  db: Db,
  channel: string,
  subscriber: ChangeNoticeSubscriber,
): Promise<ChangeNoticeSubscription> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`)
  const client = (db as unknown as { $client: unknown }).$client
  if (!(client instanceof pg.Pool)) return listenOnPglite(client as PGlite, channel, subscriber)
  let notices = postgresNotices.get(db)
  if (!notices) {
    notices = new PostgresNotices(client.options)
    postgresNotices.set(db, notices)
  }
  return notices.subscribe(channel, subscriber)
}

async function listenOnPglite(
  client: PGlite,
  channel: string,
  subscriber: ChangeNoticeSubscriber,
): Promise<ChangeNoticeSubscription> {
  const unlisten = await client.listen(channel, (payload) => subscriber.onNotice(payload))
  subscriber.onListening(true)
  return {
    async stop() {
      subscriber.onListening(false)
      if (!client.closed) await unlisten()
    },
  }
}

/** The one listening connection of each PostgreSQL database handle (each process opens one). */
const postgresNotices = new WeakMap<Db, PostgresNotices>()

class PostgresNotices {
  readonly #options: pg.ClientConfig
  readonly #subscribers = new Map<string, Set<ChangeNoticeSubscriber>>()
  /** The connection, once it listens on every channel in #subscribers. */
  #client: pg.Client | undefined
  #retry: NodeJS.Timeout | undefined
  #delayMs = RECONNECT_FIRST_MS
  /** Subscribing, unsubscribing and reconnecting run one at a time, in order. */
  #queue: Promise<unknown> = Promise.resolve()

  constructor(options: pg.ClientConfig) {
    this.#options = options
  }

  subscribe(channel: string, subscriber: ChangeNoticeSubscriber): Promise<ChangeNoticeSubscription> {
    return this.#serially(async () => {
      let subscribers = this.#subscribers.get(channel)
      if (!subscribers) {
        subscribers = new Set()
        this.#subscribers.set(channel, subscribers)
      }
      subscribers.add(subscriber)
      const subscription = { stop: () => this.#serially(() => this.#unsubscribe(channel, subscriber)) }
      const client = this.#client
      if (client) {
        // Sent again when the channel is already listened to: harmless, and no bookkeeping to get wrong.
        // A failure means the connection is going: its loss is being handled, and the reconnection
        // listens on this channel too.
        const listened = await client.query(`listen ${channel}`).then(
          () => true,
          () => false,
        )
        if (listened && this.#client === client) subscriber.onListening(true)
        return subscription
      }
      // Between connections: the reconnection under way will listen on this channel and say so.
      if (this.#retry) return subscription
      try {
        await this.#connect()
      } catch (error) {
        this.#forget(channel, subscriber)
        throw error
      }
      return subscription
    })
  }

  #serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(step, step)
    this.#queue = run.catch(() => {})
    return run
  }

  #forget(channel: string, subscriber: ChangeNoticeSubscriber): void {
    const subscribers = this.#subscribers.get(channel)
    subscribers?.delete(subscriber)
    if (subscribers?.size === 0) this.#subscribers.delete(channel)
  }

  async #unsubscribe(channel: string, subscriber: ChangeNoticeSubscriber): Promise<void> {
    if (!this.#subscribers.get(channel)?.has(subscriber)) return
    this.#forget(channel, subscriber)
    subscriber.onListening(false)
    const client = this.#client
    if (this.#subscribers.size === 0) {
      // No one listens any more: close the connection, and retry nothing.
      if (this.#retry) clearTimeout(this.#retry)
      this.#retry = undefined
      this.#client = undefined
      await client?.end()
      return
    }
    if (client && !this.#subscribers.has(channel)) {
      // Best effort: a notice on a channel nobody subscribes to is dropped anyway.
      await client.query(`unlisten ${channel}`).catch(() => {})
    }
  }

  #tellEveryone(listening: boolean): void {
    for (const subscribers of this.#subscribers.values()) {
      for (const subscriber of subscribers) subscriber.onListening(listening)
    }
  }

  async #connect(): Promise<void> {
    const client = new pg.Client(this.#options)
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      client.removeAllListeners('notification')
      // Ending a broken client can only fail again; its error is already handled here.
      client.end().catch(() => {})
      if (this.#client !== client) return
      this.#client = undefined
      log.warn('[change notices] lost the listening connection; caches keep nothing until it is back')
      this.#tellEveryone(false)
      this.#scheduleReconnect()
    }
    client.on('error', onLost)
    client.on('end', onLost)
    client.on('notification', (notice) => {
      const subscribers = this.#subscribers.get(notice.channel)
      if (!subscribers) return
      for (const subscriber of subscribers) subscriber.onNotice(notice.payload ?? '')
    })
    try {
      await client.connect()
      for (const channel of this.#subscribers.keys()) await client.query(`listen ${channel}`)
      if (lost) throw new Error('the listening connection was lost as it started')
    } catch (error) {
      // Never listened: the caller decides whether to try again, so this client reports nothing more.
      lost = true
      client.end().catch(() => {})
      throw error
    }
    if (this.#subscribers.size === 0) {
      lost = true
      await client.end()
      return
    }
    this.#client = client
    this.#delayMs = RECONNECT_FIRST_MS
    this.#tellEveryone(true)
  }

  #scheduleReconnect(): void {
    this.#retry = setTimeout(() => {
      this.#serially(async () => {
        this.#retry = undefined
        if (this.#subscribers.size === 0 || this.#client) return
        try {
          await this.#connect()
          log.info('[change notices] listening again')
        } catch (error) {
          log.warn({ err: error }, '[change notices] cannot listen for changes; retrying')
          if (this.#subscribers.size > 0) this.#scheduleReconnect()
        }
      })
    }, this.#delayMs)
    this.#retry.unref()
    this.#delayMs = Math.min(this.#delayMs * 2, RECONNECT_MAX_MS)
  }
}
