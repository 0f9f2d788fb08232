import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/client.ts'
import { announcements, banners, products } from '../../server/db/schema.ts'
import { seedDemoCatalog } from '../../server/db/seed/seed.ts'
import {
  type CachedAnswer,
  CatalogCache,
  type RunningCatalogCache,
  startCatalogCache,
} from '../../server/http/catalog-cache.ts'
import { notifyCatalogChanged } from '../../server/services/catalog-changes.ts'
import type {
  AnnouncementDto,
  BannerDto,
  ProductCardDto,
  ProductDetailDto,
} from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { appOnDatabase, createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOT_LIST = '/api/mall/product/hotList?language=zhCn'
const TTL_MS = 60_000

const priceKeys = (card: object) => Object.keys(card).filter((key) => /Price$/.test(key))

/** Resolves once the cache has been emptied `times` more times (a notice on PostgreSQL arrives a moment after commit). */
async function invalidated(cache: CatalogCache, since: number, times = 1): Promise<void> {
  const deadline = Date.now() + 5_000
  while (cache.invalidations < since + times) {
    if (Date.now() > deadline) throw new Error('no catalog change notice arrived within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A product's zhCn single price, changed the way catalog writes change things: notice in the transaction. */
async function setCnAlonePrice(db: Db, productId: number, yen: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(products).set({ cnAlonePrice: yen }).where(eq(products.id, productId))
    await notifyCatalogChanged(tx, 'product price')
  })
}

/** Renames a product with its notice, as a catalog write would. */
async function renameProduct(db: Db, productId: number, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(products).set({ productName: name }).where(eq(products.id, productId))
    await notifyCatalogChanged(tx, 'product name')
  })
}

describe.each(engines)('catalog cache on %s', (engine) => {
  let t: TestApp
  let running: RunningCatalogCache
  let hotIds: number[]

  beforeAll(async () => {
    t = await createTestApp(engine)
    running = await startCatalogCache(t.db, { ttlMs: TTL_MS })
    const rows = await insertProducts(
      t.db,
      Array.from({ length: 14 }, (_, i) =>
        productRow({ hotRank: i + 1, productName: `缓存测试商品 ${'长'.repeat(30)} ${i}` }),
      ),
    )
    hotIds = rows.map((row) => row.id)
    await t.db.insert(banners).values([{ name: 'spring', imgUrl: '/media/spring.svg', sort: 1 }])
  })

  afterAll(async () => {
    await running?.stop()
    await t?.close()
  })

  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })
  const hotList = async (headers: Record<string, string> = {}) =>
    (await t.getJson<Envelope<ProductCardDto[]>>(HOT_LIST, headers)).body.data

  it('answers a repeated call with the same bytes and ETag, without reading the catalog again', async () => {
    const first = await get(HOT_LIST)
    const firstBody = await first.text()
    const etag = first.headers.get('etag')
    expect(first.status).toBe(200)
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect(first.headers.get('content-type')).toMatch(/^application\/json/)

    // A change that sends no notice (a row edited by hand) is not seen: the answer comes from memory...
    await t.db
      .update(products)
      .set({ productName: '手改的名字' })
      .where(eq(products.id, hotIds[0] as number))
    const second = await get(HOT_LIST)
    expect(await second.text()).toBe(firstBody)
    expect(second.headers.get('etag')).toBe(etag)

    // ...until the safety TTL runs out.
    t.clock.advance(TTL_MS + 1)
    const afterTtl = await hotList()
    expect(afterTtl[0]?.productName).toBe('手改的名字')
  })

  it('answers If-None-Match with 304 and no body, and a changed answer with 200 and a new ETag', async () => {
    const first = await get(HOT_LIST)
    const etag = first.headers.get('etag') ?? ''
    const notModified = await get(HOT_LIST, { 'If-None-Match': etag })
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')
    expect(notModified.headers.get('etag')).toBe(etag)
    // A weak form of the tag, as a proxy that compressed the answer would send it, validates too.
    expect((await get(HOT_LIST, { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304)

    const since = running.cache.invalidations
    await renameProduct(t.db, hotIds[1] as number, '改过的名字')
    await invalidated(running.cache, since)
    const changed = await get(HOT_LIST, { 'If-None-Match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('sends a stored compressed copy to clients that accept gzip, with its own tag', async () => {
    const plain = await get(HOT_LIST)
    const plainBody = Buffer.from(await plain.arrayBuffer())
    expect(plainBody.byteLength).toBeGreaterThan(1024)
    for (let i = 0; i < 2; i++) {
      const zipped = await get(HOT_LIST, { 'Accept-Encoding': 'gzip' })
      expect(zipped.headers.get('content-encoding')).toBe('gzip')
      expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(zipped.headers.get('etag')).not.toBe(plain.headers.get('etag'))
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).equals(plainBody)).toBe(true)
    }
    const zippedTag = (await get(HOT_LIST, { 'Accept-Encoding': 'gzip' })).headers.get('etag') ?? ''
    expect((await get(HOT_LIST, { 'If-None-Match': zippedTag })).status).toBe(304)
  })

  it('shows a price change written with its notice on the very next answer', async () => {
    const productId = hotIds[2] as number
    const { token } = await signedInAccount(t, `price-change-${engine}@example.com`)
    expect((await hotList({ token })).find((card) => card.id === productId)?.cnAlonePrice).toBe(1200)
    const since = running.cache.invalidations
    await setCnAlonePrice(t.db, productId, 4321)
    await invalidated(running.cache, since)
    expect((await hotList({ token })).find((card) => card.id === productId)?.cnAlonePrice).toBe(4321)
  })

  it('keeps what it has when a writing transaction rolls back: its notice is never sent', async () => {
    await get(HOT_LIST)
    const since = running.cache.invalidations
    await expect(
      t.db.transaction(async (tx) => {
        await notifyCatalogChanged(tx, 'rolled back')
        throw new Error('abandon the write')
      }),
    ).rejects.toThrow('abandon the write')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(running.cache.invalidations).toBe(since)
  })

  it("never gives a visitor a shopper's prices or favourites, nor a shopper a visitor's answer", async () => {
    const fan = await signedInAccount(t, `fan-${engine}@example.com`)
    const favouriteId = hotIds[3] as number
    await t.sendJson('POST', `/api/mall/collect/collectOrDelete/${favouriteId}?collect=true`, undefined, {
      token: fan.token,
    })
    // The shopper asks first, so a cache keyed wrongly would hand their answer to the visitor.
    const fanCards = await hotList({ token: fan.token })
    expect(typeof fanCards.find((card) => card.id === favouriteId)?.bid).toBe('number')
    expect(fanCards.every((card) => priceKeys(card).join() === 'cnAlonePrice')).toBe(true)
    const fanResponse = await get(HOT_LIST, { token: fan.token })
    expect(fanResponse.headers.get('cache-control')).toBe('private, no-cache')

    for (const card of await hotList()) {
      expect(priceKeys(card)).toEqual([])
      expect(card).not.toHaveProperty('bid')
    }
    // Another shopper of the same column shares the prices but not the fan's favourite.
    const neighbour = await signedInAccount(t, `neighbour-${engine}@example.com`)
    for (const card of await hotList({ token: neighbour.token })) {
      expect(priceKeys(card)).toEqual(['cnAlonePrice'])
      expect(card).not.toHaveProperty('bid')
    }
    // The visitor asks first on a page: the fan still gets prices and the bid.
    const pagePath = '/api/mall/product/hotListPage?language=zhCn&pageSize=20'
    const visitorPage = (await t.getJson<Envelope<Page<ProductCardDto>>>(pagePath)).body.data
    expect(visitorPage.list.some((card) => priceKeys(card).length > 0 || 'bid' in card)).toBe(false)
    const fanPage = (await t.getJson<Envelope<Page<ProductCardDto>>>(pagePath, { token: fan.token })).body
      .data
    expect(fanPage.list.filter((card) => card.bid !== undefined).map((card) => card.id)).toEqual([
      favouriteId,
    ])
    expect(fanPage.total).toBe(visitorPage.total)
  })

  it('gives two price columns two different answers', async () => {
    const single = await signedInAccount(t, `single-${engine}@example.com`, { role: 2 })
    const batch = await signedInAccount(t, `batch-${engine}@example.com`, { role: 1 })
    const singleCards = await hotList({ token: single.token })
    const batchCards = await hotList({ token: batch.token })
    expect(singleCards.map(priceKeys)).toEqual(singleCards.map(() => ['cnAlonePrice']))
    expect(batchCards.map(priceKeys)).toEqual(batchCards.map(() => ['cnBatchPrice']))
    // Role 1 in Japanese sees the Japanese single price: the language is part of the key too.
    const batchJa = (
      await t.getJson<Envelope<ProductCardDto[]>>('/api/mall/product/hotList?language=ja', {
        token: batch.token,
      })
    ).body.data
    expect(batchJa.map(priceKeys)).toEqual(batchJa.map(() => ['jpAlonePrice']))
  })

  it("serves a visitor's product detail from the cache but builds a shopper's, with their history", async () => {
    const productId = hotIds[4] as number
    const path = `/api/mall/product/details/${productId}?language=zhCn`
    const visitorFirst = await get(path)
    const visitorSecond = await get(path)
    expect(visitorSecond.headers.get('etag')).toBe(visitorFirst.headers.get('etag'))
    const visitorDetail = ((await visitorSecond.json()) as Envelope<ProductDetailDto>).data
    expect(priceKeys(visitorDetail)).toEqual([])
    expect(visitorDetail).not.toHaveProperty('memberPrice')

    const shopper = await signedInAccount(t, `detail-${engine}@example.com`)
    const shopperDetail = (await t.getJson<Envelope<ProductDetailDto>>(path, { token: shopper.token })).body
      .data
    expect(typeof shopperDetail.cnAlonePrice).toBe('number')
    expect(shopperDetail.memberPrice).toBeDefined()
    const history = await t.getJson<Envelope<Page<{ id: number }>>>('/api/mall/history/list?language=zhCn', {
      token: shopper.token,
    })
    expect(history.body.data.list.map((entry) => entry.id)).toContain(productId)
    // And the shopper's answer did not become the visitors'.
    expect(priceKeys(((await (await get(path)).json()) as Envelope<ProductDetailDto>).data)).toEqual([])
  })

  it('does not cache a missing product or article: they answer 404 each time', async () => {
    expect((await get('/api/mall/product/details/999999?language=zhCn')).status).toBe(404)
    expect((await get('/api/mall/article/999999?language=zhCn')).status).toBe(404)
    expect((await get('/api/mall/product/details/999999?language=zhCn')).status).toBe(404)
  })

  it('lets a cached announcement list end when a scheduled announcement is due', async () => {
    // Due well within the TTL, so only the announcement's own time can end the cached list.
    const due = new Date(t.clock.now.getTime() + TTL_MS / 2)
    const since = running.cache.invalidations
    await t.db.transaction(async (tx) => {
      await tx.insert(announcements).values({ name: '预告', content: '<p>soon</p>', publishedAt: due })
      await notifyCatalogChanged(tx, 'announcements')
    })
    await invalidated(running.cache, since)
    const names = async () =>
      (
        await t.getJson<Envelope<AnnouncementDto[]>>('/api/mall/announcement/list?language=zhCn')
      ).body.data.map((announcement) => announcement.name)
    expect(await names()).not.toContain('预告')
    expect(await names()).not.toContain('预告')
    t.clock.advance(TTL_MS / 2 + 1)
    expect(await names()).toContain('预告')
  })

  it('sends banners changed through a transaction with its notice', async () => {
    const names = async () =>
      (await t.getJson<Envelope<BannerDto[]>>('/api/mall/banner/list?language=zhCn')).body.data.map(
        (banner) => banner.name,
      )
    expect(await names()).toEqual(['spring'])
    const since = running.cache.invalidations
    await t.db.transaction(async (tx) => {
      await tx.update(banners).set({ active: false }).where(eq(banners.name, 'spring'))
      await tx.insert(banners).values({ name: 'summer', imgUrl: '/media/summer.svg', sort: 2 })
      await notifyCatalogChanged(tx, 'banners')
    })
    await invalidated(running.cache, since)
    expect(await names()).toEqual(['summer'])
  })
})

describe.each(engines)('catalog cache and seeding on %s', (engine) => {
  let t: TestApp
  let running: RunningCatalogCache

  beforeAll(async () => {
    t = await createTestApp(engine)
    running = await startCatalogCache(t.db)
  })

  afterAll(async () => {
    await running?.stop()
    await t?.close()
  })

  it('shows the seeded catalog to callers who saw the empty one', async () => {
    const categories = async () =>
      (await t.getJson<Envelope<unknown[]>>('/api/mall/category/list')).body.data.length
    const bannerCount = async () =>
      (await t.getJson<Envelope<unknown[]>>('/api/mall/banner/list?language=zhCn')).body.data.length
    expect(await categories()).toBe(0)
    expect(await bannerCount()).toBe(0)
    const since = running.cache.invalidations
    expect((await seedDemoCatalog(t.db, { products: 30 })).seeded).toBe(true)
    await invalidated(running.cache, since)
    expect(await categories()).toBeGreaterThan(0)
    expect(await bannerCount()).toBeGreaterThan(0)
  })

  it('answers fresh, storing nothing, once it has stopped', async () => {
    await t.getJson('/api/mall/category/list')
    expect(running.cache.size).toBeGreaterThan(0)
    await running.stop()
    const response = await t.app.request('/api/mall/category/list')
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBeNull()
  })
})

describe.runIf(engines.includes('postgres'))('catalog cache across servers on one PostgreSQL', () => {
  let first: TestApp
  let secondDatabase: DatabaseHandle
  let firstCache: RunningCatalogCache
  let secondCache: RunningCatalogCache
  const scratch = mkdtempSync(join(tmpdir(), 'yoyaku-second-app-'))

  beforeAll(async () => {
    first = await createTestApp('postgres')
    // The second server: its own pool, listener and cache on the first one's database.
    const url = (first.db as unknown as { $client: pg.Pool }).$client.options.connectionString
    if (!url) throw new Error('no connection string')
    secondDatabase = await openDatabase({ kind: 'postgres', url })
    firstCache = await startCatalogCache(first.db)
    secondCache = await startCatalogCache(secondDatabase.db)
  })

  afterAll(async () => {
    await secondCache?.stop()
    await firstCache?.stop()
    await secondDatabase?.close()
    await first?.close()
    rmSync(scratch, { recursive: true, force: true })
  })

  it("drops the other server's cached answer when one server writes", async () => {
    const [product] = await insertProducts(first.db, [productRow({ hotRank: 1, productName: '第一版' })])
    if (!product) throw new Error('no product')
    const second = await appOnDatabase(secondDatabase.db, scratch)
    const names = async () =>
      ((await (await second.request(HOT_LIST)).json()) as Envelope<ProductCardDto[]>).data.map(
        (card) => card.productName,
      )
    expect(await names()).toEqual(['第一版'])
    expect(secondCache.cache.size).toBe(1)

    const since = secondCache.cache.invalidations
    await first.db.transaction(async (tx) => {
      await tx.update(products).set({ productName: '第二版' }).where(eq(products.id, product.id))
      await notifyCatalogChanged(tx, 'product name')
    })
    await invalidated(secondCache.cache, since)
    expect(await names()).toEqual(['第二版'])
  })

  it('caches nothing while its listening connection is lost, and listens again', async () => {
    const cache = secondCache.cache
    expect(cache.listening).toBe(true)
    // The connection that runs LISTEN, ended by the server as a restart or a network cut would.
    await first.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`)
    await expect.poll(() => cache.listening, { timeout: 5_000 }).toBe(false)
    expect(cache.size).toBe(0)
    await expect.poll(() => cache.listening, { timeout: 10_000, interval: 100 }).toBe(true)
  })
})

describe('CatalogCache', () => {
  const answer = (text: string, expiresAt = Number.POSITIVE_INFINITY): CachedAnswer => ({
    body: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>,
    contentType: 'application/json',
    etag: text,
    expiresAt,
    encoded: new Map(),
  })
  const listening = (options: ConstructorParameters<typeof CatalogCache>[0] = {}) => {
    const cache = new CatalogCache(options)
    cache.setListening(true)
    return cache
  }

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = listening({ maxEntries: 2 })
    let builds = 0
    const build = (text: string) => async () => {
      builds += 1
      return answer(text)
    }
    await cache.answer('a', 0, build('a'))
    await cache.answer('b', 0, build('b'))
    await cache.answer('a', 0, build('a')) // a is now the most recent
    await cache.answer('c', 0, build('c')) // evicts b
    expect(builds).toBe(3)
    await cache.answer('a', 0, build('a'))
    expect(builds).toBe(3)
    await cache.answer('b', 0, build('b'))
    expect(builds).toBe(4)
  })

  it('keeps at most maxBytes of answers', async () => {
    const cache = listening({ maxBytes: 10 })
    await cache.answer('a', 0, async () => answer('123456'))
    await cache.answer('b', 0, async () => answer('123456'))
    expect(cache.size).toBe(1)
  })

  it('runs one build for a burst of calls, and stores none begun before a change', async () => {
    const cache = listening()
    let builds = 0
    let finish: (value: CachedAnswer) => void = () => {}
    const slowBuild = () => {
      builds += 1
      return new Promise<CachedAnswer>((resolve) => {
        finish = resolve
      })
    }
    const burst = [cache.answer('k', 0, slowBuild), cache.answer('k', 0, slowBuild)]
    expect(builds).toBe(1)
    cache.invalidate()
    finish(answer('before the change'))
    expect((await Promise.all(burst)).map((a) => a.etag)).toEqual(['before the change', 'before the change'])
    expect(cache.size).toBe(0)
  })

  it('stores nothing while it is not listening for changes', async () => {
    const cache = new CatalogCache()
    await cache.answer('k', 0, async () => answer('x'))
    expect(cache.size).toBe(0)
  })

  it('builds an answer again once it has expired', async () => {
    const cache = listening()
    await cache.answer('k', 0, async () => answer('old', 100))
    expect((await cache.answer('k', 99, async () => answer('new'))).etag).toBe('old')
    expect((await cache.answer('k', 100, async () => answer('new'))).etag).toBe('new')
  })
})
