import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema.ts'
import { type RunningCatalogCache, startCatalogCache } from '../../server/http/catalog-cache.ts'
import { FastLane } from '../../server/http/fast-lane.ts'
import { type RunningSessionCache, startSessionCache } from '../../server/http/session-cache.ts'
import { notifyCatalogChanged } from '../../server/services/catalog-changes.ts'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import { type Envelope, ResultCode } from '../../src/domain/result-code.ts'
import { captureLog } from './support/captured-log.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOT_LIST = '/api/mall/product/hotList?language=zhCn'

/** Headers that differ from one answer to the next: the request's own id and the clock's. */
const PER_REQUEST = new Set(['x-request-id', 'date'])
const sameShape = (headers: Headers) =>
  [...headers].filter(([name]) => !PER_REQUEST.has(name)).sort(([a], [b]) => a.localeCompare(b))

const priceKeys = (card: object) => Object.keys(card).filter((key) => /Price$/.test(key))

describe.each(engines)('the fast lane in front of the framework on %s', (engine) => {
  let t: TestApp
  const lane = new FastLane()
  const running: (RunningCatalogCache | RunningSessionCache)[] = []
  let hotIds: number[]
  let operatorToken: string

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true, fastLane: lane, deps: { logRequests: true } })
    running.push(await startCatalogCache(t.db), await startSessionCache(t.db))
    const rows = await insertProducts(
      t.db,
      Array.from({ length: 4 }, (_, i) => productRow({ hotRank: i + 1 })),
    )
    hotIds = rows.map((row) => row.id)
    operatorToken = (await signedInAccount(t, `lane-operator-${engine}@example.com`, { kind: 'operator' }))
      .token
  })

  afterAll(async () => {
    for (const cache of running.reverse()) await cache.stop()
    await t?.close()
  })

  /** A GET over HTTP, and whether the lane answered it. */
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const before = lane.served
    const response = await fetch(`${t.baseUrl}${path}`, { headers })
    const bytes = Buffer.from(await response.arrayBuffer())
    return { response, bytes, byLane: lane.served > before }
  }
  const cardsOf = (bytes: Buffer) => (JSON.parse(bytes.toString()) as Envelope<ProductCardDto[]>).data

  it("answers a visitor's repeated hot list itself, with the framework's bytes and headers", async () => {
    const identity = { 'accept-encoding': 'identity' }
    const first = await get(HOT_LIST, identity)
    expect(first.byLane).toBe(false)
    const log = captureLog()
    let second: Awaited<ReturnType<typeof get>>
    try {
      second = await get(HOT_LIST, { ...identity, 'x-request-id': 'lane-test-0001' })
      expect(second.byLane).toBe(true)
      await expect
        .poll(() => log.lines().filter((line) => line.reqId === 'lane-test-0001'), { timeout: 2_000 })
        .toHaveLength(1)
      expect(log.lines().find((line) => line.reqId === 'lane-test-0001')).toMatchObject({
        msg: 'request',
        method: 'GET',
        route: '/api/mall/product/hotList',
        status: 200,
      })
    } finally {
      log.restore()
    }
    expect(second.response.status).toBe(200)
    expect(second.bytes.equals(first.bytes)).toBe(true)
    expect(sameShape(second.response.headers)).toEqual(sameShape(first.response.headers))
    expect(second.response.headers.get('x-request-id')).toBe('lane-test-0001')
    expect(second.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(cardsOf(second.bytes).map((card) => card.id)).toEqual(hotIds)
    expect(cardsOf(second.bytes).flatMap(priceKeys)).toEqual([])
  })

  it('keeps each Accept-Encoding apart, answers a revalidation 304, and leaves HEAD to the framework', async () => {
    const brotli = { 'accept-encoding': 'br' }
    await get(HOT_LIST, brotli)
    const compressed = await get(HOT_LIST, brotli)
    expect(compressed.byLane).toBe(true)
    expect(compressed.response.headers.get('content-encoding')).toBe('br')
    expect(cardsOf(compressed.bytes).map((card) => card.id)).toEqual(hotIds)

    // A browser revalidating (no-cache) names the tag: the framework's 304 first, then the lane's.
    const revalidating = { ...brotli, 'if-none-match': compressed.response.headers.get('etag') ?? '' }
    const revalidated = await get(HOT_LIST, revalidating)
    expect(revalidated.byLane).toBe(false)
    expect(revalidated.response.status).toBe(304)
    const again = await get(HOT_LIST, revalidating)
    expect(again.byLane).toBe(true)
    expect(again.response.status).toBe(304)
    expect(again.bytes).toHaveLength(0)
    expect(sameShape(again.response.headers)).toEqual(sameShape(revalidated.response.headers))
    // A tag of an older answer is no 304.
    const outdated = await get(HOT_LIST, { ...brotli, 'if-none-match': '"an-older-answer"' })
    expect(outdated.response.status).toBe(200)
    expect(cardsOf(outdated.bytes).map((card) => card.id)).toEqual(hotIds)

    const before = lane.served
    const head = await fetch(`${t.baseUrl}${HOT_LIST}`, { method: 'HEAD', headers: brotli })
    expect(head.status).toBe(200)
    expect(lane.served).toBe(before)
  })

  it('hands the first call after a catalog change to the framework, which answers the new catalog', async () => {
    await get(HOT_LIST)
    const before = await get(HOT_LIST)
    expect(before.byLane).toBe(true)
    const holdsOld = { 'if-none-match': before.response.headers.get('etag') ?? '' }
    await get(HOT_LIST, holdsOld)
    expect((await get(HOT_LIST, holdsOld)).response.status).toBe(304)
    const renamed = hotIds[0] as number
    await t.db.transaction(async (tx) => {
      await tx.update(products).set({ productName: '快车道改名' }).where(eq(products.id, renamed))
      await notifyCatalogChanged(tx, 'renamed for the fast lane test')
    })
    await expect
      .poll(async () => cardsOf((await get(HOT_LIST)).bytes)[0]?.productName, { timeout: 2_000 })
      .toBe('快车道改名')
    // A client holding the old answer gets the new one, not the 304 the lane had learnt.
    const revalidated = await get(HOT_LIST, holdsOld)
    expect(revalidated.response.status).toBe(200)
    expect(cardsOf(revalidated.bytes)[0]?.productName).toBe('快车道改名')
    // The framework answered the change; the lane learns the new answer and serves it next.
    const again = await get(HOT_LIST)
    expect(again.byLane).toBe(true)
    expect(cardsOf(again.bytes)[0]?.productName).toBe('快车道改名')
  })

  it("serves a signed-in shopper's prices, but leaves favourites, logouts and stale tokens to the framework", async () => {
    const shopper = await signedInAccount(t, `lane-shopper-${engine}@example.com`)
    const asShopper = { token: shopper.token }
    await get(HOT_LIST, asShopper)
    const warm = await get(HOT_LIST, asShopper)
    expect(warm.byLane).toBe(true)
    expect(warm.response.headers.get('cache-control')).toBe('private, no-cache')
    expect(cardsOf(warm.bytes).map(priceKeys)).toEqual(hotIds.map(() => ['cnAlonePrice']))
    // A visitor never gets the shopper's lane.
    expect(cardsOf((await get(HOT_LIST)).bytes).flatMap(priceKeys)).toEqual([])

    const favourite = hotIds[2] as number
    await t.sendJson(
      'POST',
      `/api/mall/collect/collectOrDelete/${favourite}?collect=true`,
      undefined,
      asShopper,
    )
    const marked = await get(HOT_LIST, asShopper)
    expect(marked.byLane).toBe(false)
    const favouritesOf = (bytes: Buffer) =>
      cardsOf(bytes)
        .filter((card) => card.bid !== undefined)
        .map((card) => card.id)
    expect(favouritesOf(marked.bytes)).toEqual([favourite])
    // Warm again (session and favourites held), still the framework's, which marks the favourite.
    const markedAgain = await get(HOT_LIST, asShopper)
    expect(markedAgain.byLane).toBe(false)
    expect(favouritesOf(markedAgain.bytes)).toEqual([favourite])
    await t.sendJson(
      'POST',
      `/api/mall/collect/collectOrDelete/${favourite}?collect=false`,
      undefined,
      asShopper,
    )

    // An operator's role change: the framework answers with the new column and a fresh token.
    const changed = await t.sendJson<Envelope<unknown>>(
      'PUT',
      `/api/ops/customers/${shopper.userId}/role`,
      { role: 1 },
      { token: operatorToken },
    )
    expect(changed.body.code).toBe(200)
    await expect
      .poll(async () => (await get(HOT_LIST, asShopper)).response.headers.get('token'), { timeout: 2_000 })
      .toBeTruthy()
    // The fresh token's calls teach the lane the new column; the old token still gets a fresh one.
    const fresh = (await get(HOT_LIST, asShopper)).response.headers.get('token') ?? ''
    await get(HOT_LIST, { token: fresh })
    const byFresh = await get(HOT_LIST, { token: fresh })
    expect(byFresh.byLane).toBe(true)
    expect(cardsOf(byFresh.bytes).map(priceKeys)).toEqual(hotIds.map(() => ['cnBatchPrice']))
    const withStaleToken = await get(HOT_LIST, asShopper)
    expect(withStaleToken.byLane).toBe(false)
    expect(withStaleToken.response.headers.get('token')).toBeTruthy()
    expect(cardsOf(withStaleToken.bytes).map(priceKeys)).toEqual(hotIds.map(() => ['cnBatchPrice']))

    await t.sendJson('POST', '/api/mall/user/exit', undefined, asShopper)
    await expect
      .poll(async () => cardsOf((await get(HOT_LIST, asShopper)).bytes).flatMap(priceKeys), {
        timeout: 2_000,
      })
      .toEqual([])
    expect((await get(HOT_LIST, asShopper)).byLane).toBe(false)
  })

  it('tells a shopper disabled by hand 9005 rather than serving their lane', async () => {
    const shopper = await signedInAccount(t, `lane-disabled-${engine}@example.com`)
    await get(HOT_LIST, { token: shopper.token })
    expect((await get(HOT_LIST, { token: shopper.token })).byLane).toBe(true)
    await t.db.execute(sql`update users set disabled = true where id = ${shopper.userId}`)
    await expect
      .poll(async () => JSON.parse((await get(HOT_LIST, { token: shopper.token })).bytes.toString()).code, {
        timeout: 2_000,
      })
      .toBe(ResultCode.accountDisabled)
  })
})

describe('the fast lane’s bounds', () => {
  const LISTS = ['zhCn', 'ja', 'en'].map((language) => `/api/mall/product/hotList?language=${language}`)

  /**
   * Teaches a fresh app's lane each list in turn, then asks them again newest first: which ones the lane
   * answered (asking one it no longer holds teaches it anew, so newest first keeps the others in place).
   */
  async function answeredAfterLearning(limits: ConstructorParameters<typeof FastLane>[0]) {
    const lane = new FastLane(limits)
    const t = await createTestApp('pglite', { listen: true, fastLane: lane })
    const cache = await startCatalogCache(t.db)
    try {
      await insertProducts(
        t.db,
        Array.from({ length: 3 }, (_, i) => productRow({ hotRank: i + 1 })),
      )
      for (const path of LISTS) await (await fetch(`${t.baseUrl}${path}`)).arrayBuffer()
      const answered: boolean[] = []
      for (const path of [...LISTS].reverse()) {
        const before = lane.served
        await (await fetch(`${t.baseUrl}${path}`)).arrayBuffer()
        answered.push(lane.served > before)
      }
      return answered
    } finally {
      await cache.stop()
      await t.close()
    }
  }

  it('keeps at most maxLanes lanes, the oldest going first', async () => {
    // en, ja, then zhCn, the oldest, which the third lane pushed out.
    expect(await answeredAfterLearning({ maxLanes: 2 })).toEqual([true, true, false])
  })

  it('keeps at most maxBytes of answers', async () => {
    expect(await answeredAfterLearning({ maxBytes: 1 })).toEqual([false, false, false])
  })
})
