import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browsingHistory, favourites, users } from '../../server/db/schema.ts'
import { recordProductView } from '../../server/services/browsing-history.ts'
import type { FavouriteToggleDto, HistoryEntryDto } from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signUp } from './support/accounts.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const T0 = new Date('2025-06-01T00:00:00Z').getTime()
const at = (minutes: number) => new Date(T0 + minutes * 60_000)

describe.each(engines)('history and favourite calls on %s', (engine) => {
  let t: TestApp
  let alice: { token: string; id: number }
  let bob: { token: string; id: number }
  let figure: number
  let plush: number
  let offSale: number

  async function account(email: string) {
    const { token } = await signUp(t, email)
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (!row) throw new Error(`no account ${email}`)
    return { token, id: row.id }
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    alice = await account('alice@example.com')
    bob = await account('bob@example.com')
    const rows = await insertProducts(t.db, [
      productRow({ productName: '手办', cnAlonePrice: 5000 }),
      productRow({ productName: '毛绒', cnAlonePrice: 2000 }),
      productRow({ productName: '已下架', status: 2 }),
    ])
    ;[figure, plush, offSale] = rows.map((r) => r.id) as [number, number, number]
  })
  afterAll(async () => {
    await t.close()
  })

  const list = (token: string, query = '') =>
    t.getJson<Envelope<Page<HistoryEntryDto>>>(`/api/mall/history/list${query}`, { token })
  const remove = (token: string, query = '') =>
    t.sendJson<Envelope<{ removed: number }>>(
      'DELETE',
      `/api/mall/history/removeOrClear${query}`,
      undefined,
      {
        token,
      },
    )
  const toggle = (token: string, productId: number | string) =>
    t.sendJson<Envelope<FavouriteToggleDto>>(
      'POST',
      `/api/mall/history/collectOrCancel/${productId}`,
      undefined,
      {
        token,
      },
    )
  const ids = async (token: string) => (await list(token)).body.data.list.map((entry) => entry.id)
  const favouriteRows = (userId: number, productId: number) =>
    t.db
      .select()
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)))

  it.each([
    ['GET', '/api/mall/history/list'],
    ['POST', '/api/mall/history/collectOrCancel/1'],
    ['DELETE', '/api/mall/history/removeOrClear'],
  ] as const)('refuses a visitor on %s %s with 401', async (method, path) => {
    const response =
      method === 'GET'
        ? await t.getJson<Envelope<null>>(path)
        : await t.sendJson<Envelope<null>>(method, path)
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: 401, data: null })
  })

  describe('history/list', () => {
    it('starts empty', async () => {
      expect((await list(alice.token)).body).toEqual({
        code: 200,
        msg: 'success',
        data: { list: [], total: 0, pageNum: 1, pageSize: 30 },
      })
    })

    it("lists the caller's products, most recently opened first, off-sale ones included", async () => {
      await recordProductView(t.db, alice.id, figure, at(1))
      await recordProductView(t.db, alice.id, plush, at(2))
      await recordProductView(t.db, alice.id, offSale, at(3))
      await recordProductView(t.db, bob.id, plush, at(10))

      const { body } = await list(alice.token)
      expect(body.data.total).toBe(3)
      expect(body.data.list.map((entry) => [entry.id, entry.viewedAt])).toEqual([
        [offSale, at(3).toISOString()],
        [plush, at(2).toISOString()],
        [figure, at(1).toISOString()],
      ])
      expect(await ids(bob.token)).toEqual([plush])
    })

    it('moves a product back to the top when it is opened again', async () => {
      await recordProductView(t.db, alice.id, figure, at(4))
      expect(await ids(alice.token)).toEqual([figure, offSale, plush])
      expect((await list(alice.token)).body.data.total).toBe(3)
    })

    it("shows each card with the caller's price and no other", async () => {
      const { body } = await list(alice.token, '?language=ja')
      const card = body.data.list[0]
      expect(card).toMatchObject({
        id: figure,
        productName: '手办',
        jpProductName: expect.stringMatching(/^テスト商品/),
        type: 1,
        cnAlonePrice: 5000,
        viewedAt: at(4).toISOString(),
      })
      for (const column of ['cnBatchPrice', 'jpAlonePrice', 'jpBatchPrice', 'enAlonePrice', 'enBatchPrice']) {
        expect(card).not.toHaveProperty(column)
      }
      expect(card).not.toHaveProperty('bid')
    })

    it('pages, with the total of the whole history', async () => {
      const { body } = await list(alice.token, '?pageNum=2&pageSize=2')
      expect(body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 })
      expect(body.data.list.map((entry) => entry.id)).toEqual([plush])
      expect((await list(alice.token, '?pageNum=3&pageSize=2')).body.data.list).toEqual([])
    })

    it.each([
      ['?pageSize=101', 'pageSize'],
      ['?pageNum=0', 'pageNum'],
      ['?language=de', 'language'],
    ])('refuses %s with a 400 naming `%s`', async (query, field) => {
      const { status, body } = await list(alice.token, query)
      expect(status).toBe(400)
      expect(body.msg).toMatch(new RegExp(`^${field}: `))
    })
  })

  describe('history/removeOrClear', () => {
    it("never removes another shopper's rows", async () => {
      // Bob removing a product that is only in Alice's history removes nothing.
      expect((await remove(bob.token, `?productId=${figure}`)).body.data).toEqual({ removed: 0 })
      expect((await remove(bob.token)).body.data).toEqual({ removed: 1 })
      expect(await ids(bob.token)).toEqual([])
      expect(await ids(alice.token)).toEqual([figure, offSale, plush])
    })

    it('refuses a bad productId with a 400 and removes nothing', async () => {
      for (const query of ['?productId=abc', '?productId=0', '?productId=-1']) {
        const { status, body } = await remove(alice.token, query)
        expect(status).toBe(400)
        expect(body.msg).toMatch(/^productId: /)
      }
      expect((await list(alice.token)).body.data.total).toBe(3)
    })

    it('removes one product, then clears the rest', async () => {
      expect((await remove(alice.token, `?productId=${plush}`)).body).toEqual({
        code: 200,
        msg: 'success',
        data: { removed: 1 },
      })
      expect((await remove(alice.token, `?productId=${plush}`)).body.data).toEqual({ removed: 0 })
      expect(await ids(alice.token)).toEqual([figure, offSale])

      await recordProductView(t.db, bob.id, figure, at(20))
      // An empty productId is left out: the whole history goes.
      expect((await remove(alice.token, '?productId=')).body.data).toEqual({ removed: 2 })
      expect(await ids(alice.token)).toEqual([])
      const bobRows = await t.db.select().from(browsingHistory).where(eq(browsingHistory.userId, bob.id))
      expect(bobRows.map((row) => row.productId)).toEqual([figure])
    })
  })

  describe('history/collectOrCancel', () => {
    it('adds a favourite, shows its bid in the history, and removes it again', async () => {
      const added = await toggle(alice.token, plush)
      expect(added.status).toBe(200)
      expect(added.body.data).toEqual({ collected: true, bid: expect.any(Number) })
      const rows = await favouriteRows(alice.id, plush)
      expect(rows.map((row) => row.id)).toEqual([added.body.data.bid])

      await recordProductView(t.db, alice.id, plush, at(30))
      await recordProductView(t.db, alice.id, figure, at(31))
      const cards = (await list(alice.token)).body.data.list
      expect(cards.map((card) => [card.id, card.bid])).toEqual([
        [figure, undefined],
        [plush, added.body.data.bid],
      ])

      expect((await toggle(alice.token, plush)).body.data).toEqual({ collected: false, bid: null })
      expect(await favouriteRows(alice.id, plush)).toEqual([])
    })

    it("keeps each shopper's favourites apart", async () => {
      const forAlice = (await toggle(alice.token, figure)).body.data
      const forBob = (await toggle(bob.token, figure)).body.data
      expect(forAlice.collected && forBob.collected).toBe(true)
      expect(forAlice.bid).not.toBe(forBob.bid)
      // Bob removing his does not touch Alice's.
      expect((await toggle(bob.token, figure)).body.data.collected).toBe(false)
      expect((await favouriteRows(alice.id, figure)).map((row) => row.id)).toEqual([forAlice.bid])
      await toggle(alice.token, figure)
    })

    it('lets an off-sale product be added and removed', async () => {
      expect((await toggle(alice.token, offSale)).body.data.collected).toBe(true)
      expect((await toggle(alice.token, offSale)).body.data.collected).toBe(false)
    })

    it('answers 404 for an unknown product and 400 for a bad id, changing nothing', async () => {
      const unknown = await toggle(alice.token, offSale + 1000)
      expect(unknown.status).toBe(404)
      expect(unknown.body).toMatchObject({ code: 404, data: null })
      for (const bad of ['abc', '0', '1.5', '1234567890']) {
        const { status, body } = await toggle(alice.token, bad)
        expect(status, bad).toBe(400)
        expect(body.msg).toMatch(/^productId: /)
      }
      expect(await t.db.select().from(favourites).where(eq(favourites.userId, alice.id))).toEqual([])
    })

    it('acts on toggles sent at once as toggles in a row, without a duplicate or a failure', async () => {
      const toggleAtOnce = (times: number) =>
        Promise.all(Array.from({ length: times }, () => toggle(alice.token, figure)))

      const pair = await toggleAtOnce(2)
      expect(pair.map((r) => r.status)).toEqual([200, 200])
      expect(pair.map((r) => r.body.data.collected).sort()).toEqual([false, true])
      expect(await favouriteRows(alice.id, figure)).toEqual([])

      // Eight at once, from "not collected": four adds and four removals, ending where it began.
      const eight = await toggleAtOnce(8)
      expect(eight.every((r) => r.status === 200)).toBe(true)
      expect(eight.filter((r) => r.body.data.collected)).toHaveLength(4)
      expect(await favouriteRows(alice.id, figure)).toEqual([])

      // Five: three adds, two removals, and one row left, the one an add reported.
      const five = await toggleAtOnce(5)
      expect(five.every((r) => r.status === 200)).toBe(true)
      const added = five.map((r) => r.body.data).filter((state) => state.collected)
      expect(added).toHaveLength(3)
      const rows = await favouriteRows(alice.id, figure)
      expect(rows).toHaveLength(1)
      expect(added.map((state) => state.bid)).toContain(rows[0]?.id)
    })

    it('removes a favourite that another call added, rather than adding a second', async () => {
      await t.db.insert(favourites).values({ userId: alice.id, productId: plush })
      expect((await toggle(alice.token, plush)).body.data).toEqual({ collected: false, bid: null })
      expect(await favouriteRows(alice.id, plush)).toEqual([])
    })
  })
})
