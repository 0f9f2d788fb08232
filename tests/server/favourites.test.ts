import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { favourites } from '../../server/db/schema.ts'
import type { FavouriteToggleDto, ProductCardDto } from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type FavouriteCard = ProductCardDto & { bid: number }

describe.each(engines)('favourite calls on %s', (engine) => {
  let t: TestApp
  let alice: { token: string; userId: number }
  let bob: { token: string; userId: number }
  let figure: number
  let plush: number
  let offSale: number
  let unknown: number

  beforeAll(async () => {
    t = await createTestApp(engine)
    alice = await signedInAccount(t, 'fav-alice@example.com')
    bob = await signedInAccount(t, 'fav-bob@example.com')
    const rows = await insertProducts(t.db, [
      productRow({ productName: '手办', cnAlonePrice: 5000, jpAlonePrice: 5500 }),
      productRow({ productName: '毛绒', cnAlonePrice: 2000 }),
      productRow({ productName: '已下架', status: 2 }),
    ])
    ;[figure, plush, offSale] = rows.map((r) => r.id) as [number, number, number]
    unknown = offSale + 1000
  })
  afterAll(async () => {
    await t.close()
  })

  const list = (token: string, query = '') =>
    t.getJson<Envelope<Page<FavouriteCard>>>(`/api/mall/collect/list${query}`, { token })
  const check = (token: string, productId: number | string) =>
    t.getJson<Envelope<FavouriteToggleDto>>(`/api/mall/collect/check/${productId}`, { token })
  const collect = (token: string, productId: number | string, query: string) =>
    t.sendJson<Envelope<FavouriteToggleDto>>(
      'POST',
      `/api/mall/collect/collectOrDelete/${productId}${query}`,
      undefined,
      { token },
    )
  const clear = (token: string) =>
    t.sendJson<Envelope<{ removed: number }>>('DELETE', '/api/mall/collect/clear', undefined, { token })
  const toggle = (token: string, productId: number) =>
    t.sendJson<Envelope<FavouriteToggleDto>>(
      'POST',
      `/api/mall/history/collectOrCancel/${productId}`,
      undefined,
      { token },
    )
  const rowsOf = (userId: number, productId?: number) =>
    t.db
      .select()
      .from(favourites)
      .where(
        productId === undefined
          ? eq(favourites.userId, userId)
          : and(eq(favourites.userId, userId), eq(favourites.productId, productId)),
      )
  const listedIds = async (token: string) => (await list(token)).body.data.list.map((card) => card.id)

  it.each([
    ['GET', '/api/mall/collect/list'],
    ['GET', '/api/mall/collect/check/1'],
    ['POST', '/api/mall/collect/collectOrDelete/1?collect=true'],
    ['DELETE', '/api/mall/collect/clear'],
  ] as const)('refuses a visitor on %s %s with 401', async (method, path) => {
    const response =
      method === 'GET'
        ? await t.getJson<Envelope<null>>(path)
        : await t.sendJson<Envelope<null>>(method, path)
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: 401, data: null })
  })

  it('refuses an ended token with 9004 rather than treating the caller as a visitor', async () => {
    const { status, body } = await list('not-a-token')
    expect(status).toBe(401)
    expect(body.code).toBe(9004)
  })

  describe('collect/collectOrDelete', () => {
    it('adds with collect=true, and a second collect=true keeps the one row and its bid', async () => {
      const first = await collect(alice.token, figure, '?collect=true')
      expect(first.status).toBe(200)
      expect(first.body).toEqual({
        code: 200,
        msg: 'success',
        data: { collected: true, bid: expect.any(Number) },
      })
      const again = await collect(alice.token, figure, '?collect=true')
      expect(again.body.data).toEqual(first.body.data)
      expect((await rowsOf(alice.userId, figure)).map((row) => row.id)).toEqual([first.body.data.bid])
    })

    it('removes with collect=false, and a second collect=false still answers not collected', async () => {
      expect((await collect(alice.token, figure, '?collect=false')).body.data).toEqual({
        collected: false,
        bid: null,
      })
      expect((await collect(alice.token, figure, '?collect=false')).body.data).toEqual({
        collected: false,
        bid: null,
      })
      expect(await rowsOf(alice.userId, figure)).toEqual([])
    })

    it('ends in the state asked for when the same call is sent several times at once', async () => {
      const adds = await Promise.all(
        Array.from({ length: 6 }, () => collect(alice.token, plush, '?collect=true')),
      )
      expect(adds.every((r) => r.status === 200 && r.body.data.collected)).toBe(true)
      const rows = await rowsOf(alice.userId, plush)
      expect(rows).toHaveLength(1)
      expect(new Set(adds.map((r) => r.body.data.bid))).toEqual(new Set([rows[0]?.id]))

      const removals = await Promise.all(
        Array.from({ length: 6 }, () => collect(alice.token, plush, '?collect=false')),
      )
      expect(removals.every((r) => r.status === 200 && !r.body.data.collected)).toBe(true)
      expect(await rowsOf(alice.userId, plush)).toEqual([])
    })

    it('lets an off-sale product be added and removed', async () => {
      expect((await collect(alice.token, offSale, '?collect=true')).body.data.collected).toBe(true)
      expect((await collect(alice.token, offSale, '?collect=false')).body.data.collected).toBe(false)
    })

    it("acts on the caller's favourites only", async () => {
      const forBob = (await collect(bob.token, figure, '?collect=true')).body.data
      // Alice removing the product from her favourites leaves Bob's row alone.
      await collect(alice.token, figure, '?collect=false')
      expect((await rowsOf(bob.userId, figure)).map((row) => row.id)).toEqual([forBob.bid])
      // Alice adding it gets her own row, not Bob's.
      const forAlice = (await collect(alice.token, figure, '?collect=true')).body.data
      expect(forAlice.bid).not.toBe(forBob.bid)
      await collect(alice.token, figure, '?collect=false')
      await collect(bob.token, figure, '?collect=false')
    })

    it('answers 404 for an unknown product', async () => {
      for (const query of ['?collect=true', '?collect=false']) {
        const { status, body } = await collect(alice.token, unknown, query)
        expect(status).toBe(404)
        expect(body).toEqual({ code: 404, msg: 'product not found', data: null })
      }
    })

    it.each([
      ['', 'collect: is required'],
      ['?collect=', 'collect: must be true or false'],
      ['?collect=1', 'collect: must be true or false'],
      ['?collect=TRUE', 'collect: must be true or false'],
      ['?collect=yes', 'collect: must be true or false'],
    ])('refuses collect %s with a 400 naming collect, changing nothing', async (query, msg) => {
      const { status, body } = await collect(alice.token, figure, query)
      expect(status).toBe(400)
      expect(body.msg).toBe(msg)
      expect(await rowsOf(alice.userId, figure)).toEqual([])
    })

    it('refuses a bad product id with a 400 naming productId', async () => {
      for (const bad of ['abc', '0', '-1', '1.5', '1234567890']) {
        const { status, body } = await collect(alice.token, bad, '?collect=true')
        expect(status, bad).toBe(400)
        expect(body.msg).toMatch(/^productId: /)
      }
      expect(await rowsOf(alice.userId)).toEqual([])
    })
  })

  describe('collect/check', () => {
    it('answers the favourite state and its bid, per shopper', async () => {
      expect((await check(alice.token, figure)).body).toEqual({
        code: 200,
        msg: 'success',
        data: { collected: false, bid: null },
      })
      const added = (await collect(alice.token, figure, '?collect=true')).body.data
      expect((await check(alice.token, figure)).body.data).toEqual(added)
      // Bob has not added it: his answer is his own.
      expect((await check(bob.token, figure)).body.data).toEqual({ collected: false, bid: null })
      await collect(alice.token, figure, '?collect=false')
    })

    it('answers an off-sale product, 404 for an unknown one and 400 for a bad id', async () => {
      expect((await check(alice.token, offSale)).status).toBe(200)
      const missing = await check(alice.token, unknown)
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ code: 404, msg: 'product not found', data: null })
      for (const bad of ['abc', '0']) {
        const { status, body } = await check(alice.token, bad)
        expect(status).toBe(400)
        expect(body.msg).toMatch(/^productId: /)
      }
    })
  })

  describe('collect/list', () => {
    it('starts empty with the default page', async () => {
      expect((await list(alice.token)).body).toEqual({
        code: 200,
        msg: 'success',
        data: { list: [], total: 0, pageNum: 1, pageSize: 30 },
      })
    })

    it("lists the caller's favourites, newest first, each with its bid, off-sale ones included", async () => {
      const bids: Record<number, number | null> = {}
      for (const id of [figure, offSale, plush]) {
        bids[id] = (await collect(alice.token, id, '?collect=true')).body.data.bid
        // A millisecond apart at least, so "newest" is not decided by the id alone.
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      await collect(bob.token, figure, '?collect=true')

      const { body } = await list(alice.token)
      expect(body.data.total).toBe(3)
      expect(body.data.list.map((card) => [card.id, card.bid])).toEqual([
        [plush, bids[plush]],
        [offSale, bids[offSale]],
        [figure, bids[figure]],
      ])
      expect(await listedIds(bob.token)).toEqual([figure])
    })

    it("shows each card with the caller's price in the request language and no other", async () => {
      const { token: role4 } = await signedInAccount(t, 'fav-role4@example.com', { language: 'ja' })
      await collect(role4, figure, '?collect=true')
      const [card] = (await list(role4, '?language=ja')).body.data.list
      expect(card).toMatchObject({
        id: figure,
        productName: '手办',
        jpAlonePrice: 5500,
        bid: expect.any(Number),
      })
      expect(Object.keys(card ?? {}).filter((key) => key.endsWith('Price'))).toEqual(['jpAlonePrice'])
      const [zhCard] = (await list(alice.token, '?pageSize=100')).body.data.list.slice(-1)
      expect(zhCard).toMatchObject({ id: figure, cnAlonePrice: 5000 })
      expect(zhCard).not.toHaveProperty('jpAlonePrice')
    })

    it('pages, with the total of every favourite', async () => {
      const { body } = await list(alice.token, '?pageNum=2&pageSize=2')
      expect(body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 })
      expect(body.data.list.map((card) => card.id)).toEqual([figure])
      expect((await list(alice.token, '?pageNum=3&pageSize=2')).body.data.list).toEqual([])
      expect((await list(alice.token, '?pageSize=100')).body.data.list).toHaveLength(3)
    })

    it.each([
      ['?pageSize=101', 'pageSize'],
      ['?pageSize=0', 'pageSize'],
      ['?pageNum=0', 'pageNum'],
      ['?pageNum=x', 'pageNum'],
      ['?language=de', 'language'],
    ])('refuses %s with a 400 naming `%s`', async (query, field) => {
      const { status, body } = await list(alice.token, query)
      expect(status).toBe(400)
      expect(body.msg).toMatch(new RegExp(`^${field}: `))
    })

    it('shows the change made through history/collectOrCancel, which still toggles', async () => {
      expect((await toggle(alice.token, plush)).body.data).toEqual({ collected: false, bid: null })
      expect(await listedIds(alice.token)).toEqual([offSale, figure])
      const added = (await toggle(alice.token, plush)).body.data
      expect(added.collected).toBe(true)
      expect((await check(alice.token, plush)).body.data).toEqual(added)
      expect(await listedIds(alice.token)).toEqual([plush, offSale, figure])
    })
  })

  describe('collect/clear', () => {
    it("removes every favourite of the caller and no one else's", async () => {
      const { body } = await clear(alice.token)
      expect(body).toEqual({ code: 200, msg: 'success', data: { removed: 3 } })
      expect(await rowsOf(alice.userId)).toEqual([])
      expect(await listedIds(bob.token)).toEqual([figure])
      expect((await clear(alice.token)).body.data).toEqual({ removed: 0 })
    })
  })
})
