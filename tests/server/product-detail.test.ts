import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browsingHistory, favourites, shopSettings } from '../../server/db/schema.ts'
import type { ProductDetailDto } from '../../src/domain/catalog.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import {
  insertBrands,
  insertCategoryTree,
  insertProducts,
  insertSeries,
  productRow,
  signedInAccount,
} from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/** Every key that names a price: a visitor's answer must have none at all. */
const priceKeys = (data: object) => Object.keys(data).filter((key) => /Price$/.test(key))
/** The price columns among them (memberPrice is the member price block, not a column). */
const priceColumns = (data: object) => priceKeys(data).filter((key) => key !== 'memberPrice')

describe.each(engines)('product detail and preview on %s', (engine) => {
  let t: TestApp
  const ids = { figure: 0, plain: 0, offSale: 0, partnerOnly: 0 }
  let prizeId = 0
  let seriesId = 0
  let brandId = 0

  beforeAll(async () => {
    t = await createTestApp(engine)
    const { children } = await insertCategoryTree(t.db)
    prizeId = children.find((c) => c.name === '景品')?.id ?? 0
    const [series] = await insertSeries(t.db, [
      { name: '星之旅团', jpName: '星の旅団', enName: 'Star Brigade', hotRank: 1 },
    ])
    seriesId = series?.id ?? 0
    const [brand] = await insertBrands(t.db, [
      { name: 'Aoba Hobby', jpName: 'アオバホビー', enName: 'Aoba Hobby' },
    ])
    brandId = brand?.id ?? 0
    const [figure, plain, offSale, partnerOnly] = await insertProducts(t.db, [
      productRow({
        itemNo: 'YK-0000042',
        janCode: '4901234567894',
        boxBarcode: '14901234567891',
        productName: '星之旅团 艾琳 景品手办',
        jpProductName: '星の旅団 エリン プライズフィギュア',
        enProductName: 'Star Brigade Erin Prize Figure',
        type: 1,
        categoryId: prizeId,
        seriesId,
        sellTime: '2027-03-01',
        preSellEndTime: new Date('2027-01-15T14:59:59Z'),
        releaseDate: '2027-03-01',
        brandId,
        cnAlonePrice: 12345,
        cnBatchPrice: 11000,
        jpAlonePrice: 11800,
        jpBatchPrice: 10400,
        enAlonePrice: 13200,
        enBatchPrice: 11900,
        isDiscount: true,
        isFront: true,
        boxIn: 6,
        orderBase: 6,
        stock: 25,
      }),
      // No category, no series, not in the member discount.
      productRow({ cnAlonePrice: 9999, isDiscount: false }),
      productRow({ status: 2, seriesId, productName: '停售商品' }),
      productRow({ cnAlonePrice: -8000, jpAlonePrice: 7000, isDiscount: true }),
    ])
    ids.figure = figure?.id ?? 0
    ids.plain = plain?.id ?? 0
    ids.offSale = offSale?.id ?? 0
    ids.partnerOnly = partnerOnly?.id ?? 0
    // The member discount: 85 % of the price for products that take part in it.
    await t.db.update(shopSettings).set({ discount: 0.85 }).where(eq(shopSettings.id, 1))
  })
  afterAll(async () => {
    await t.close()
  })

  const details = (id: number | string, query = '', headers: Record<string, string> = {}) =>
    t.getJson<Envelope<ProductDetailDto>>(`/api/mall/product/details/${id}${query}`, headers)
  const preview = (id: number | string, headers: Record<string, string> = {}) =>
    t.getJson<Envelope<ProductDetailDto>>(`/api/mall/product/preview/${id}`, headers)
  const historyOf = (userId: number) =>
    t.db
      .select({ productId: browsingHistory.productId, viewedAt: browsingHistory.viewedAt })
      .from(browsingHistory)
      .where(eq(browsingHistory.userId, userId))
  const historyRows = () => t.db.select().from(browsingHistory)

  describe('details', () => {
    it('refuses an id that is not a whole number from 1 with a 400 naming id', async () => {
      for (const id of ['abc', '0', '-3', '1.5', '9999999999']) {
        const { status, body } = await details(id)
        expect(status, id).toBe(400)
        expect(body.msg).toBe('id: must be a whole number from 1 to 999999999')
      }
      const { status, body } = await details(ids.figure, '?language=fr')
      expect(status).toBe(400)
      expect(body.msg).toMatch(/^language: /)
    })

    it('answers an unknown product with 404', async () => {
      const { status, body } = await details(999_999)
      expect(status).toBe(404)
      expect(body).toEqual({ code: 404, msg: 'product not found', data: null })
    })

    it('shows a visitor every detail but no price, no member price and no favourite, and records nothing', async () => {
      const { status, body } = await details(ids.figure, '?language=ja')
      expect(status).toBe(200)
      expect(body.data).toEqual({
        id: ids.figure,
        type: 1,
        productName: '星之旅团 艾琳 景品手办',
        jpProductName: '星の旅団 エリン プライズフィギュア',
        enProductName: 'Star Brigade Erin Prize Figure',
        imgList: [expect.stringMatching(/^\/media\//)],
        sellTimeStr: '2027-03-01',
        preSellEndTime: '2027-01-15T14:59:59.000Z',
        isDiscount: true,
        isFront: true,
        boxIn: 6,
        itemNo: 'YK-0000042',
        janCode: '4901234567894',
        boxBarcode: '14901234567891',
        manufacturer: 'アオバホビー',
        brand: { id: brandId, name: 'Aoba Hobby', jpName: 'アオバホビー', enName: 'Aoba Hobby' },
        releaseDate: '2027-03-01',
        stock: 25,
        orderBase: 6,
        available: true,
        category: { id: prizeId, name: '景品', jpName: 'プライズ', enName: 'Prize figures' },
        series: {
          id: seriesId,
          seriesName: '星之旅团',
          jpSeriesName: '星の旅団',
          enSeriesName: 'Star Brigade',
          // The off-sale product in the series does not count.
          productCount: 1,
        },
      })
      expect(priceKeys(body.data)).toEqual([])
      expect(await historyRows()).toEqual([])
    })

    it('shows a product without category or series with nulls there', async () => {
      const { body } = await details(ids.plain)
      expect(body.data).toMatchObject({ category: null, series: null, available: true })
    })

    it('shows an off-sale product as unavailable rather than hiding it', async () => {
      const { status, body } = await details(ids.offSale)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ id: ids.offSale, productName: '停售商品', available: false })
    })

    it("gives a customer their price, the member price and the points at the account's rate", async () => {
      const { token, userId } = await signedInAccount(t, 'detail-zh@example.com', { scoreRate: '0.02' })
      const { body } = await details(ids.figure, '?language=zhCn', { token })
      expect(priceColumns(body.data)).toEqual(['cnAlonePrice'])
      expect(body.data.cnAlonePrice).toBe(12345)
      // floor(12345 × 0.85) = floor(10493.25) = 10493; floor(10493 × 0.02) = floor(209.86) = 209.
      expect(body.data.memberPrice).toEqual({ referencePrice: 12345, discountedPrice: 10493, points: 209 })
      expect(body.data.collected).toBe(false)
      expect(body.data).not.toHaveProperty('bid')
      expect(await historyOf(userId)).toEqual([{ productId: ids.figure, viewedAt: expect.any(Date) }])
    })

    it('uses the default points rate when the account has none, and no discount for a product outside it', async () => {
      const { token } = await signedInAccount(t, 'detail-default@example.com')
      const discounted = await details(ids.figure, '', { token })
      // floor(10493 × 0.01) = floor(104.93) = 104.
      expect(discounted.body.data.memberPrice).toEqual({
        referencePrice: 12345,
        discountedPrice: 10493,
        points: 104,
      })
      const plain = await details(ids.plain, '', { token })
      // Not in the member discount: the member price is the price; floor(9999 × 0.01) = 99.
      expect(plain.body.data.memberPrice).toEqual({ referencePrice: 9999, discountedPrice: 9999, points: 99 })
    })

    it('uses the column of the role in the request language (role 1 in ja sees the Japanese single price)', async () => {
      const { token } = await signedInAccount(t, 'detail-role1@example.com', { role: 1 })
      const ja = await details(ids.figure, '?language=ja', { token })
      expect(priceColumns(ja.body.data)).toEqual(['jpAlonePrice'])
      // floor(11800 × 0.85) = 10030; floor(10030 × 0.01) = 100.
      expect(ja.body.data.memberPrice).toEqual({ referencePrice: 11800, discountedPrice: 10030, points: 100 })
      const zh = await details(ids.figure, '?language=zhCn', { token })
      expect(priceColumns(zh.body.data)).toEqual(['cnBatchPrice'])
      // floor(11000 × 0.85) = 9350; floor(9350 × 0.01) = 93.
      expect(zh.body.data.memberPrice).toEqual({ referencePrice: 11000, discountedPrice: 9350, points: 93 })
    })

    it('gives a partner-only price as a flag with no amount and no member price', async () => {
      const { token } = await signedInAccount(t, 'detail-partner@example.com')
      const { body } = await details(ids.partnerOnly, '', { token })
      expect(priceKeys(body.data)).toEqual([])
      expect(body.data.partnerOnly).toBe(true)
      expect(body.data).not.toHaveProperty('memberPrice')
      // Role 4's column is positive on the same product.
      const { token: ja } = await signedInAccount(t, 'detail-partner-ja@example.com', { language: 'ja' })
      const shown = await details(ids.partnerOnly, '?language=ja', { token: ja })
      expect(shown.body.data.jpAlonePrice).toBe(7000)
      // floor(7000 × 0.85) = 5950; floor(5950 × 0.01) = 59.
      expect(shown.body.data.memberPrice).toEqual({ referencePrice: 7000, discountedPrice: 5950, points: 59 })
    })

    it('tells a signed-in caller whether the product is a favourite, with its favourite id', async () => {
      const { token, userId } = await signedInAccount(t, 'detail-fav@example.com')
      const [favourite] = await t.db
        .insert(favourites)
        .values({ userId, productId: ids.figure })
        .returning({ id: favourites.id })
      const { body } = await details(ids.figure, '', { token })
      expect(body.data.collected).toBe(true)
      expect(body.data.bid).toBe(favourite?.id)
      expect((await details(ids.plain, '', { token })).body.data.collected).toBe(false)
    })

    it("records each opening in the customer's history, moving a product opened again to now", async () => {
      const { token, userId } = await signedInAccount(t, 'detail-history@example.com')
      await details(ids.figure, '', { token })
      const firstAt = t.clock.now
      t.clock.advance(60_000)
      await details(ids.offSale, '', { token })
      t.clock.advance(60_000)
      await details(ids.figure, '', { token })
      const rows = await historyOf(userId)
      expect(rows.map((r) => r.productId).sort()).toEqual([ids.figure, ids.offSale].sort())
      const figureRow = rows.find((r) => r.productId === ids.figure)
      const offSaleRow = rows.find((r) => r.productId === ids.offSale)
      expect(figureRow?.viewedAt.getTime()).toBeGreaterThan(offSaleRow?.viewedAt.getTime() ?? Infinity)
      expect(figureRow?.viewedAt.getTime()).toBeGreaterThanOrEqual(firstAt.getTime() + 120_000)
      // Neither a 404 nor a 400 records anything.
      await details(999_999, '', { token })
      await details('abc', '', { token })
      expect(await historyOf(userId)).toHaveLength(2)
    })

    it('shows an operator every price column, with no member price and no history', async () => {
      const { token, userId } = await signedInAccount(t, 'detail-operator@example.com', { kind: 'operator' })
      const { body } = await details(ids.figure, '', { token })
      expect(body.data).toMatchObject({
        cnAlonePrice: 12345,
        cnBatchPrice: 11000,
        jpAlonePrice: 11800,
        jpBatchPrice: 10400,
        enAlonePrice: 13200,
        enBatchPrice: 11900,
      })
      expect(body.data).not.toHaveProperty('memberPrice')
      expect(await historyOf(userId)).toEqual([])
    })

    it('treats a stale token as a visitor: no prices, no error, nothing recorded', async () => {
      const before = (await historyRows()).length
      const { status, body } = await details(ids.figure, '', { token: 'stale.token.value' })
      expect(status).toBe(200)
      expect(priceKeys(body.data)).toEqual([])
      expect(body.data).not.toHaveProperty('collected')
      expect(await historyRows()).toHaveLength(before)
    })
  })

  describe('preview', () => {
    it('refuses a call without a token (401) and an ended token (9004)', async () => {
      const none = await preview(ids.figure)
      expect(none.status).toBe(401)
      expect(none.body.code).toBe(401)
      const forged = await preview(ids.figure, { authorization: 'Bearer not.a.token' })
      expect(forged.status).toBe(401)
      expect(forged.body.code).toBe(9004)
    })

    it('shows the product to a bearer token, on sale or not, and records no history', async () => {
      const { token, userId } = await signedInAccount(t, 'preview@example.com')
      const bearer = { authorization: `Bearer ${token}` }
      const { status, body } = await preview(ids.figure, bearer)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({
        id: ids.figure,
        itemNo: 'YK-0000042',
        cnAlonePrice: 12345,
        available: true,
        collected: false,
        memberPrice: { referencePrice: 12345, discountedPrice: 10493, points: 104 },
      })
      const offSale = await preview(ids.offSale, bearer)
      expect(offSale.status).toBe(200)
      expect(offSale.body.data.available).toBe(false)
      // The token header works as well.
      expect((await preview(ids.plain, { token })).status).toBe(200)
      expect(await historyOf(userId)).toEqual([])
    })

    it('never renews the passed token, so the viewing browser is not signed in as its owner', async () => {
      const { token } = await signedInAccount(t, 'preview-renew@example.com')
      t.clock.advance(90 * 60_000) // into the token's last hour, where guarded calls renew it
      const response = await t.app.request(`/api/mall/product/preview/${ids.figure}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('token')).toBeNull()
      // The same token on an ordinary guarded call is renewed.
      const checked = await t.app.request('/api/mall/user/checkToken', { headers: { token } })
      expect(checked.headers.get('token')).toBeTruthy()
    })

    it('validates the id and answers an unknown product with 404', async () => {
      const { token } = await signedInAccount(t, 'preview-bad@example.com')
      const bad = await preview('abc', { authorization: `Bearer ${token}` })
      expect(bad.status).toBe(400)
      expect(bad.body.msg).toBe('id: must be a whole number from 1 to 999999999')
      const missing = await preview(999_999, { authorization: `Bearer ${token}` })
      expect(missing.status).toBe(404)
      expect(missing.body.msg).toBe('product not found')
    })
  })
})
