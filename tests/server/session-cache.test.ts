import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/client.ts'
import { sessions, users } from '../../server/db/schema.ts'
import { type RunningCatalogCache, startCatalogCache } from '../../server/http/catalog-cache.ts'
import {
  type FavouriteIds,
  type RunningSessionCache,
  SessionCache,
  type SessionCacheOptions,
  type SessionLoaders,
  startSessionCache,
} from '../../server/http/session-cache.ts'
import { signSessionToken } from '../../server/services/accounts/session-tokens.ts'
import type { AccountRow, StoredSession } from '../../server/services/accounts/sessions.ts'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import { type Envelope, ResultCode } from '../../src/domain/result-code.ts'
import { logIn, TEST_PASSWORD } from './support/accounts.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { appOnDatabase, createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOT_LIST = '/api/mall/product/hotList?language=zhCn'
const CHECK_TOKEN = '/api/mall/user/checkToken'
/** deploy §1: a change reaches every process within 1 s. */
const NOTICE_DEADLINE_MS = 1_000

const priceKeys = (card: object) => Object.keys(card).filter((key) => /Price$/.test(key))
const roleInToken = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { role: number | null }).role

/** Asks `read` again until `accept` holds, for at most 1 s of real time; answers the last reading. */
async function within1s<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + NOTICE_DEADLINE_MS
  for (;;) {
    const value = await read()
    if (accept(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Counts the statements an app's database handle sends: every call reaching its pg.Pool (query, or a
 * connection taken for a transaction) or its PGlite (query, exec, transaction).
 */
function queryCounter(db: Db): { readonly count: number } {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client
  const counter = { count: 0 }
  const methods = client instanceof pg.Pool ? ['query', 'connect'] : ['query', 'exec', 'transaction']
  for (const name of methods) {
    const original = client[name]
    if (typeof original !== 'function') throw new Error(`the database client has no ${name}`)
    client[name] = function (this: unknown, ...args: unknown[]) {
      counter.count += 1
      return original.apply(this, args)
    }
  }
  return counter
}

describe.each(engines)('session cache across two servers on %s', (engine) => {
  /** Server A, where the changes are made. */
  let a: TestApp
  /** Server B: on PostgreSQL its own pool, listener and caches, as another process; on PGlite A's database. */
  let b: Awaited<ReturnType<typeof appOnDatabase>>
  let bDb: Db
  let bDatabase: DatabaseHandle | undefined
  let bSessions: RunningSessionCache
  let bCatalog: RunningCatalogCache
  let bQueries: { readonly count: number }
  const running: { stop(): Promise<void> }[] = []
  const scratch = mkdtempSync(join(tmpdir(), 'yoyaku-session-cache-'))
  let hotIds: number[]
  let operatorToken: string

  beforeAll(async () => {
    a = await createTestApp(engine)
    if (engine === 'postgres') {
      const url = (a.db as unknown as { $client: pg.Pool }).$client.options.connectionString
      if (!url) throw new Error('no connection string')
      bDatabase = await openDatabase({ kind: 'postgres', url })
      bDb = bDatabase.db
      running.push(await startSessionCache(a.db), await startCatalogCache(a.db))
    } else {
      bDb = a.db
    }
    bSessions = await startSessionCache(bDb)
    bCatalog = await startCatalogCache(bDb)
    running.push(bSessions, bCatalog)
    b = await appOnDatabase(bDb, scratch, { now: () => a.clock.now })
    const rows = await insertProducts(
      a.db,
      Array.from({ length: 6 }, (_, i) => productRow({ hotRank: i + 1 })),
    )
    hotIds = rows.map((row) => row.id)
    operatorToken = (await signedInAccount(a, `operator-${engine}@example.com`, { kind: 'operator' })).token
    bQueries = queryCounter(bDb)
  })

  afterAll(async () => {
    for (const cache of running.reverse()) await cache.stop()
    await bDatabase?.close()
    await a?.close()
    rmSync(scratch, { recursive: true, force: true })
  })

  const onB = async <T>(path: string, token: string) => {
    const response = await b.request(path, { headers: { token } })
    return { headers: response.headers, body: (await response.json()) as Envelope<T> }
  }
  const checkOnB = async (token: string) => (await onB<unknown>(CHECK_TOKEN, token)).body.code
  const hotListOnB = (token: string) => onB<ProductCardDto[]>(HOT_LIST, token)
  /** How many statements B sends while `call` runs. */
  const queriesDuring = async (call: () => Promise<unknown>) => {
    const before = bQueries.count
    await call()
    return bQueries.count - before
  }

  it('answers a warm signed-in hot list, favourites and all, without a single statement', async () => {
    const shopper = await signedInAccount(a, `warm-${engine}@example.com`)
    const favourite = hotIds[1] as number
    await a.sendJson('POST', `/api/mall/collect/collectOrDelete/${favourite}?collect=true`, undefined, {
      token: shopper.token,
    })
    // The first call reads (the counter counts), the next ones answer from memory.
    expect(await queriesDuring(() => hotListOnB(shopper.token))).toBeGreaterThan(0)
    let cards: ProductCardDto[] = []
    expect(
      await queriesDuring(async () => {
        cards = (await hotListOnB(shopper.token)).body.data
      }),
    ).toBe(0)
    expect(cards.map(priceKeys)).toEqual(cards.map(() => ['cnAlonePrice']))
    expect(cards.filter((card) => card.bid !== undefined).map((card) => card.id)).toEqual([favourite])
    // A guarded call of a warm session reads nothing either.
    expect(await queriesDuring(() => checkOnB(shopper.token))).toBe(0)
    expect(await checkOnB(shopper.token)).toBe(200)
  })

  it('ends a session logged out through the other server within 1 s', async () => {
    const shopper = await signedInAccount(a, `logout-${engine}@example.com`)
    expect(await checkOnB(shopper.token)).toBe(200)
    expect(await queriesDuring(() => checkOnB(shopper.token))).toBe(0)
    const logout = await a.sendJson<Envelope<null>>('POST', '/api/mall/user/exit', undefined, {
      token: shopper.token,
    })
    expect(logout.body.code).toBe(200)
    expect(
      await within1s(
        () => checkOnB(shopper.token),
        (code) => code !== 200,
      ),
    ).toBe(ResultCode.sessionExpired)
    // The public calls treat the ended session as a visitor's: no prices.
    const cards = (await hotListOnB(shopper.token)).body.data
    expect(cards.flatMap(priceKeys)).toEqual([])
  })

  it('tells a customer disabled through the console 9005 on the other server, public calls too', async () => {
    const shopper = await signedInAccount(a, `disabled-${engine}@example.com`)
    expect((await hotListOnB(shopper.token)).body.code).toBe(200)
    expect(await checkOnB(shopper.token)).toBe(200)
    const disabled = await a.sendJson<Envelope<unknown>>(
      'POST',
      `/api/ops/customers/${shopper.userId}/disable`,
      { disabled: true, reason: 'chargebacks' },
      { token: operatorToken },
    )
    expect(disabled.body.code).toBe(200)
    expect(
      await within1s(
        () => checkOnB(shopper.token),
        (code) => code !== 200,
      ),
    ).toBe(ResultCode.accountDisabled)
    expect((await hotListOnB(shopper.token)).body.code).toBe(ResultCode.accountDisabled)
  })

  it('sees an account disabled and enabled again by hand (psql), with no code path involved', async () => {
    const shopper = await signedInAccount(a, `by-hand-${engine}@example.com`)
    expect(await checkOnB(shopper.token)).toBe(200)
    await a.db.execute(sql`update users set disabled = true where id = ${shopper.userId}`)
    expect(
      await within1s(
        () => checkOnB(shopper.token),
        (code) => code !== 200,
      ),
    ).toBe(ResultCode.accountDisabled)
    // Its sessions were never revoked: enabling it again lets the same token in.
    await a.db.update(users).set({ disabled: false }).where(eq(users.id, shopper.userId))
    expect(
      await within1s(
        () => checkOnB(shopper.token),
        (code) => code === 200,
      ),
    ).toBe(200)
  })

  it("shows a role change on the other server's next hot list, with a fresh token", async () => {
    const shopper = await signedInAccount(a, `role-${engine}@example.com`)
    const before = await hotListOnB(shopper.token)
    expect(before.body.data.map(priceKeys)).toEqual(before.body.data.map(() => ['cnAlonePrice']))
    const changed = await a.sendJson<Envelope<unknown>>(
      'PUT',
      `/api/ops/customers/${shopper.userId}/role`,
      { role: 1 },
      { token: operatorToken },
    )
    expect(changed.body.code).toBe(200)
    const after = await within1s(
      () => hotListOnB(shopper.token),
      (answer) => answer.body.data.some((card) => 'cnBatchPrice' in card),
    )
    expect(after.body.data.map(priceKeys)).toEqual(after.body.data.map(() => ['cnBatchPrice']))
    const fresh = after.headers.get('token')
    expect(fresh).toBeTruthy()
    expect(roleInToken(fresh ?? '')).toBe(1)
  })

  it('ends the other sessions of a password change on the other server, and keeps the one that changed it', async () => {
    const email = `password-${engine}@example.com`
    const here = await signedInAccount(a, email)
    const elsewhere = (await logIn(a, email)).headers.get('token') ?? ''
    expect(await checkOnB(elsewhere)).toBe(200)
    expect(await checkOnB(here.token)).toBe(200)
    const changed = await a.sendJson<Envelope<null>>(
      'PUT',
      '/api/mall/user/changePwd',
      { password: TEST_PASSWORD, newPassword: 'N3wPassw0rd!', confirmPassword: 'N3wPassw0rd!' },
      { token: here.token },
    )
    expect(changed.body.code).toBe(200)
    expect(
      await within1s(
        () => checkOnB(elsewhere),
        (code) => code !== 200,
      ),
    ).toBe(ResultCode.sessionExpired)
    expect(await checkOnB(here.token)).toBe(200)
  })

  it("marks a favourite added through the other server on this one's next hot list", async () => {
    const shopper = await signedInAccount(a, `favourite-${engine}@example.com`)
    const productId = hotIds[3] as number
    const bidOn = async () =>
      (await hotListOnB(shopper.token)).body.data.find((card) => card.id === productId)?.bid
    expect(await bidOn()).toBeUndefined()
    expect(await queriesDuring(bidOn)).toBe(0)
    const added = await a.sendJson<Envelope<{ collected: boolean; bid: number }>>(
      'POST',
      `/api/mall/collect/collectOrDelete/${productId}?collect=true`,
      undefined,
      { token: shopper.token },
    )
    expect(added.body.data.collected).toBe(true)
    expect(await within1s(bidOn, (bid) => bid !== undefined)).toBe(added.body.data.bid)
  })

  it('ends a session at its expiry by the clock alone, with no notice and no statement', async () => {
    const shopper = await signedInAccount(a, `expiry-${engine}@example.com`)
    const since = bSessions.cache.invalidations
    // Shortened before B ever sees the session (its notice is awaited, so it cannot land later).
    await a.db
      .update(sessions)
      .set({ expiresAt: new Date(a.clock.now.getTime() + 30_000) })
      .where(eq(sessions.userId, shopper.userId))
    await expect
      .poll(() => bSessions.cache.invalidations, { timeout: NOTICE_DEADLINE_MS, interval: 10 })
      .toBeGreaterThan(since)
    expect(await checkOnB(shopper.token)).toBe(200)
    const invalidations = bSessions.cache.invalidations
    a.clock.advance(30_001)
    let code = 0
    expect(
      await queriesDuring(async () => {
        code = await checkOnB(shopper.token)
      }),
    ).toBe(0)
    expect(code).toBe(ResultCode.sessionExpired)
    expect(bSessions.cache.invalidations).toBe(invalidations)
  })

  // PostgreSQL only: PGlite has no connection to lose (so nothing is registered, rather than skipped).
  if (engine === 'postgres') {
    it('listens on one connection per server for both caches, caching nothing while it is lost', async () => {
      const listening = async () => {
        const result = (await a.db.execute(sql`
          select count(*)::int as connections from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`)) as unknown as {
          rows: { connections: number }[]
        }
        return result.rows[0]?.connections
      }
      // A's and B's: each server's catalog and session caches share theirs.
      await expect.poll(listening, { timeout: 10_000, interval: 100 }).toBe(2)
      const shopper = await signedInAccount(a, `reconnect-${engine}@example.com`)
      expect(await checkOnB(shopper.token)).toBe(200)
      expect(bSessions.cache.size).toBeGreaterThan(0)
      // The listening connections, ended by the server as a restart or a network cut would.
      await a.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`)
      await expect.poll(() => bSessions.cache.listening, { timeout: 5_000 }).toBe(false)
      expect(bCatalog.cache.listening).toBe(false)
      expect(bSessions.cache.size).toBe(0)
      // Nothing is kept meanwhile: every call reads. (B tries again after 1 s: on a loaded machine it
      // may be back before the second call, which then fills the emptied cache, or hits it.)
      expect(await queriesDuring(() => checkOnB(shopper.token))).toBeGreaterThan(0)
      const again = await queriesDuring(() => checkOnB(shopper.token))
      if (!bSessions.cache.listening) expect(again).toBeGreaterThan(0)
      await expect.poll(() => bSessions.cache.listening, { timeout: 10_000, interval: 100 }).toBe(true)
      expect(bCatalog.cache.listening).toBe(true)
      // Listening again, on both channels, on one connection each (A reconnects on its own schedule).
      await expect.poll(listening, { timeout: 10_000, interval: 100 }).toBe(2)
      expect(await checkOnB(shopper.token)).toBe(200)
      await a.db.update(users).set({ disabled: true }).where(eq(users.id, shopper.userId))
      expect(
        await within1s(
          () => checkOnB(shopper.token),
          (code) => code !== 200,
        ),
      ).toBe(ResultCode.accountDisabled)
    })
  }
})

describe('SessionCache', () => {
  const account = (id: number, changes: Partial<AccountRow> = {}): AccountRow => ({
    id,
    email: `user-${id}@example.com`,
    passwordHash: 'x',
    nickname: `user ${id}`,
    kind: 'customer',
    role: 2,
    language: 'zhCn',
    disabled: false,
    permissions: [],
    mustChangePassword: false,
    telephone: null,
    wechat: null,
    sex: 0,
    birthday: null,
    avatar: null,
    score: 0,
    scoreRate: null,
    scoreTime: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...changes,
  })
  const NOW = new Date('2026-06-01T00:00:00Z')
  const stored = (id: number, changes: Partial<AccountRow> = {}, expiresAt = new Date('2026-07-01')) => ({
    session: { expiresAt, revokedAt: null },
    account: account(id, changes),
  })

  /** A cache whose database is a map the test edits, with every read counted. */
  function cacheOver(rows: Map<string, StoredSession>, options: SessionCacheOptions = {}) {
    const reads = { sessions: 0, favourites: 0 }
    const favourites = new Map<number, FavouriteIds>()
    const loaders: SessionLoaders = {
      async session(sessionId) {
        reads.sessions += 1
        return rows.get(sessionId)
      },
      async favourites(userId) {
        reads.favourites += 1
        return favourites.get(userId) ?? new Map()
      },
    }
    const cache = new SessionCache(loaders, options)
    cache.setListening(true)
    return { cache, reads, favourites }
  }

  it('reads a session once, then answers from memory until its user is named by a notice', async () => {
    const rows = new Map([
      ['s1', stored(1)],
      ['s2', stored(2)],
    ])
    const { cache, reads } = cacheOver(rows)
    await cache.session('s1', 1, NOW)
    await cache.session('s2', 2, NOW)
    expect(await cache.session('s1', 1, NOW)).toMatchObject({ status: 'active' })
    expect(reads.sessions).toBe(2)
    rows.set('s1', stored(1, { disabled: true }))
    cache.onNotice('2')
    expect(await cache.session('s1', 1, NOW)).toMatchObject({ status: 'active' })
    expect(reads.sessions).toBe(2)
    cache.onNotice('1')
    expect(await cache.session('s1', 1, NOW)).toEqual({ status: 'disabled' })
    expect(reads.sessions).toBe(3)
    await cache.session('s2', 2, NOW)
    expect(reads.sessions).toBe(4)
    cache.onNotice('*')
    await cache.session('s1', 1, NOW)
    await cache.session('s2', 2, NOW)
    expect(reads.sessions).toBe(6)
  })

  it('does not store a lookup that was under way when its user changed', async () => {
    let release: (value: StoredSession) => void = () => {}
    let reads = 0
    const cache = new SessionCache({
      session: () => {
        reads += 1
        return reads === 1
          ? new Promise<StoredSession>((resolve) => {
              release = resolve
            })
          : Promise.resolve(stored(1, { role: 1 }))
      },
      favourites: async () => new Map(),
    })
    cache.setListening(true)
    const racing = cache.session('s1', 1, NOW)
    const joined = cache.session('s1', 1, NOW)
    expect(reads).toBe(1)
    cache.onNotice('1')
    release(stored(1, { role: 2 }))
    const [first, second] = await Promise.all([racing, joined])
    expect(first).toMatchObject({ account: { role: 2 } })
    expect(second).toMatchObject({ account: { role: 2 } })
    // The stale row was not kept: the next lookup reads the changed one.
    expect(await cache.session('s1', 1, NOW)).toMatchObject({ account: { role: 1 } })
    expect(reads).toBe(2)
  })

  it('does not store favourites read while they changed', async () => {
    let release: (value: FavouriteIds) => void = () => {}
    let reads = 0
    const cache = new SessionCache({
      session: async () => undefined,
      favourites: () => {
        reads += 1
        return reads === 1
          ? new Promise<FavouriteIds>((resolve) => {
              release = resolve
            })
          : Promise.resolve(new Map([[7, 70]]))
      },
    })
    cache.setListening(true)
    const racing = cache.favouritesOf(1, NOW)
    cache.forgetUser(1)
    release(new Map())
    expect((await racing)?.size).toBe(0)
    expect(await cache.favouritesOf(1, NOW)).toEqual(new Map([[7, 70]]))
    expect(await cache.favouritesOf(1, NOW)).toEqual(new Map([[7, 70]]))
    expect(reads).toBe(2)
  })

  it('checks expiry and revocation at every use, and reads again after the safety TTL', async () => {
    const rows = new Map([['s1', stored(1, {}, new Date(NOW.getTime() + 5_000))]])
    const { cache, reads } = cacheOver(rows, { ttlMs: 60_000 })
    expect(await cache.session('s1', 1, NOW)).toMatchObject({ status: 'active' })
    expect(await cache.session('s1', 1, new Date(NOW.getTime() + 5_000))).toEqual({ status: 'ended' })
    expect(reads.sessions).toBe(1)
    rows.set('s1', stored(1))
    expect(await cache.session('s1', 1, new Date(NOW.getTime() + 60_001))).toMatchObject({
      status: 'active',
    })
    expect(reads.sessions).toBe(2)
  })

  it('stores nothing while it is not listening, and forgets all when the listener is lost', async () => {
    const rows = new Map([['s1', stored(1)]])
    const { cache, reads } = cacheOver(rows)
    await cache.session('s1', 1, NOW)
    cache.setListening(false)
    await cache.session('s1', 1, NOW)
    await cache.session('s1', 1, NOW)
    expect(reads.sessions).toBe(3)
    expect(cache.size).toBe(0)
    expect(await cache.favouritesOf(1, NOW)).toBeUndefined()
    expect(reads.favourites).toBe(0)
  })

  it('keeps at most maxSessions sessions, the least recently used going first', async () => {
    const rows = new Map([1, 2, 3].map((id) => [`s${id}`, stored(id)]))
    const { cache, reads } = cacheOver(rows, { maxSessions: 2 })
    await cache.session('s1', 1, NOW)
    await cache.session('s2', 2, NOW)
    await cache.session('s1', 1, NOW)
    await cache.session('s3', 3, NOW)
    expect(cache.size).toBe(2)
    expect(reads.sessions).toBe(3)
    await cache.session('s1', 1, NOW)
    expect(reads.sessions).toBe(3)
    await cache.session('s2', 2, NOW)
    expect(reads.sessions).toBe(4)
  })

  it("never answers a session for a token naming another user than the session's", async () => {
    let reads = 0
    const cache = new SessionCache({
      // As the query does: the session must be the token's user's.
      session: async (sessionId, userId) => {
        reads += 1
        return sessionId === 's1' && userId === 1 ? stored(1) : undefined
      },
      favourites: async () => new Map(),
    })
    cache.setListening(true)
    expect(await cache.session('s1', 1, NOW)).toMatchObject({ status: 'active' })
    expect(await cache.session('s1', 2, NOW)).toEqual({ status: 'ended' })
    expect(reads).toBe(2)
  })

  it('verifies a token once, checks its lifetime at every use, and binds it to its key', async () => {
    const { cache } = cacheOver(new Map())
    const key = new Uint8Array(32).fill(1)
    const token = await signSessionToken(
      key,
      {
        sub: '1',
        sid: 's1',
        kind: 'customer',
        role: 2,
        nickname: 'n',
        avatar: null,
        score: 0,
        wechat: true,
        language: 'zhCn',
      },
      NOW,
    )
    const first = await cache.checkToken(key, token, NOW)
    const second = await cache.checkToken(key, token, NOW)
    expect(first.status).toBe('valid')
    // The very same claims object: the signature was not checked again.
    expect(second.status === 'valid' && first.status === 'valid' && second.claims === first.claims).toBe(true)
    expect((await cache.checkToken(new Uint8Array(32).fill(2), token, NOW)).status).toBe('invalid')
    expect((await cache.checkToken(key, token, new Date(NOW.getTime() + 2 * 3600_000))).status).toBe(
      'expired',
    )
    expect((await cache.checkToken(key, `${token.slice(0, -2)}xx`, NOW)).status).toBe('invalid')
  })
})
