import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CategoryNode, FavouriteToggleDto, ProductCardDto, SeriesDto } from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertCategoryTree, insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOME_LISTS = ['hotList', 'newList', 'recommendList', 'discountList'] as const
const PAGED_LISTS = ['hotListPage', 'newListPage', 'recommendListPage', 'discountListPage'] as const

/** Every key of a card that names a price column. */
const priceKeys = (card: object) => Object.keys(card).filter((key) => /Price$/.test(key))

describe.each(engines)('catalog lists on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  const cards = async (path: string, headers: Record<string, string> = {}) => {
    const { status, body } = await t.getJson<Envelope<ProductCardDto[]>>(`/api/mall/product/${path}`, headers)
    expect(status, `${path}: ${body.msg}`).toBe(200)
    return body.data
  }
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const { status, body } = await t.getJson<Envelope<Page<ProductCardDto>>>(
      `/api/mall/product/${path}`,
      headers,
    )
    expect(status, `${path}: ${body.msg}`).toBe(200)
    return body.data
  }

  it('answers every list of an empty catalog with an empty list', async () => {
    expect((await t.getJson<Envelope<CategoryNode[]>>('/api/mall/category/list')).body).toEqual({
      code: 200,
      msg: 'success',
      data: [],
    })
    for (const list of HOME_LISTS) expect(await cards(list)).toEqual([])
    for (const list of PAGED_LISTS) {
      expect(await page(list)).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 30 })
    }
    for (const list of ['hotSeriesList', 'allSeries']) {
      expect((await t.getJson<Envelope<SeriesDto[]>>(`/api/mall/product/${list}`)).body.data).toEqual([])
    }
    expect(await page('search')).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 30, more: false })
  })

  it('returns the category tree in sort order with names in three languages', async () => {
    const { figures, plush } = await insertCategoryTree(t.db)
    const { body } = await t.getJson<Envelope<CategoryNode[]>>('/api/mall/category/list')
    expect(body.data).toEqual([
      {
        id: figures.id,
        name: '手办',
        jpName: 'フィギュア',
        enName: 'Figures',
        children: [
          expect.objectContaining({
            name: '景品',
            jpName: 'プライズ',
            enName: 'Prize figures',
            children: [],
          }),
          expect.objectContaining({ name: '比例手办', enName: 'Scale figures', children: [] }),
        ],
      },
      { id: plush.id, name: '毛绒', jpName: 'ぬいぐるみ', enName: 'Plush', children: [] },
    ])
  })

  describe('home lists and their pages', () => {
    const BASE_TIME = Date.parse('2026-01-01T00:00:00Z')
    /** Names of the on-sale products of each list, in the order the list must show them. */
    const expected = {
      hot: [] as string[],
      new: [] as string[],
      recommend: [] as string[],
      discount: [] as string[],
    }

    beforeAll(async () => {
      // Hot: ranks 1–14 inserted in reverse, plus an off-sale ranked product and an unranked one.
      await insertProducts(t.db, [
        ...Array.from({ length: 14 }, (_, i) =>
          productRow({ hotRank: 14 - i, productName: `热门${14 - i}`, sellTime: '2026-12-01' }),
        ),
        productRow({ hotRank: 0, status: 2, productName: '下架热门' }),
        productRow({ hotRank: null, productName: '不在热门' }),
      ])
      expected.hot = Array.from({ length: 14 }, (_, i) => `热门${i + 1}`)
      // New: a tie on rank 2 is broken by id (insertion order).
      await insertProducts(t.db, [
        productRow({ newRank: 2, productName: '新品2甲' }),
        productRow({ newRank: 1, productName: '新品1' }),
        productRow({ newRank: 2, productName: '新品2乙' }),
        productRow({ newRank: 3, status: 2, productName: '下架新品' }),
      ])
      expected.new = ['新品1', '新品2甲', '新品2乙']
      await insertProducts(t.db, [
        productRow({ recommendRank: 5, productName: '推荐5' }),
        productRow({ recommendRank: 3, productName: '推荐3' }),
      ])
      expected.recommend = ['推荐3', '推荐5']
      // Discount: 13 on sale, created a minute apart in shuffled order, plus one off sale.
      const minutes = [4, 11, 0, 7, 12, 2, 9, 5, 1, 10, 3, 8, 6]
      await insertProducts(t.db, [
        ...minutes.map((m) =>
          productRow({
            isDiscount: true,
            productName: `折扣${m}`,
            createdAt: new Date(BASE_TIME + m * 60_000),
          }),
        ),
        productRow({
          isDiscount: true,
          status: 2,
          productName: '下架折扣',
          createdAt: new Date(BASE_TIME * 2),
        }),
      ])
      expected.discount = [...minutes].sort((a, b) => b - a).map((m) => `折扣${m}`)
    })

    it('lists on-sale hot products by rank, at most 12, with the card fields', async () => {
      const list = await cards('hotList?language=ja')
      expect(list.map((p) => p.productName)).toEqual(expected.hot.slice(0, 12))
      expect(list[0]).toMatchObject({
        type: 1,
        jpProductName: expect.stringMatching(/^テスト商品/),
        enProductName: expect.stringMatching(/^Test product/),
        sellTimeStr: '2026-12-01',
        preSellEndTime: null,
        boxIn: 1,
        isDiscount: false,
        isFront: false,
      })
      expect(list[0]?.imgList).toHaveLength(1)
    })

    it.each([
      ['newList', 'new'],
      ['recommendList', 'recommend'],
      ['discountList', 'discount'],
    ] as const)('lists %s in its order, on-sale products only, at most 12', async (path, list) => {
      expect((await cards(path)).map((p) => p.productName)).toEqual(expected[list].slice(0, 12))
    })

    it.each([
      ['hotListPage', 'hot'],
      ['newListPage', 'new'],
      ['recommendListPage', 'recommend'],
      ['discountListPage', 'discount'],
    ] as const)('pages %s in the same order with the real total', async (path, list) => {
      const all = expected[list]
      const pageSize = 2
      const pages = Math.ceil(all.length / pageSize)
      const seen: string[] = []
      for (let pageNum = 1; pageNum <= pages; pageNum++) {
        const got = await page(`${path}?pageNum=${pageNum}&pageSize=${pageSize}&language=en`)
        expect(got).toMatchObject({ total: all.length, pageNum, pageSize })
        seen.push(...got.list.map((p) => p.productName))
      }
      expect(seen).toEqual(all)
      expect(await page(`${path}?pageNum=${pages + 1}&pageSize=${pageSize}`)).toEqual({
        list: [],
        total: all.length,
        pageNum: pages + 1,
        pageSize,
      })
    })

    it('pages the whole hot list with the default page size', async () => {
      const got = await page('hotListPage')
      expect(got.total).toBe(14)
      expect(got.list.map((p) => p.productName)).toEqual(expected.hot)
    })

    it('refuses a bad language or page (400 naming the field) on every list', async () => {
      for (const list of HOME_LISTS) {
        const { status, body } = await t.getJson<Envelope<null>>(`/api/mall/product/${list}?language=fr`)
        expect(status).toBe(400)
        expect(body.msg).toMatch(/^language: /)
      }
      for (const [query, field] of [
        ['pageSize=1000', 'pageSize'],
        ['pageNum=0', 'pageNum'],
        ['pageNum=x', 'pageNum'],
        ['language=de', 'language'],
      ]) {
        for (const list of PAGED_LISTS) {
          const { status, body } = await t.getJson<Envelope<null>>(`/api/mall/product/${list}?${query}`)
          expect(status).toBe(400)
          expect(body.msg.startsWith(`${field}: `), body.msg).toBe(true)
        }
      }
    })
  })

  describe('prices on cards', () => {
    const LIST_PATHS = [...HOME_LISTS, ...PAGED_LISTS, 'search'] as const
    let partnerOnlyId = 0

    beforeAll(async () => {
      const [row] = await insertProducts(t.db, [
        // On every list, with a partner-only Chinese single price and a negative Japanese batch price.
        productRow({
          hotRank: -1,
          newRank: -1,
          recommendRank: -1,
          isDiscount: true,
          createdAt: new Date('2030-01-01T00:00:00Z'),
          productName: '价格测试',
          cnAlonePrice: -5000,
          cnBatchPrice: 4100,
          jpAlonePrice: 4600,
          jpBatchPrice: -4000,
          enAlonePrice: 4800,
          enBatchPrice: 4200,
        }),
      ])
      partnerOnlyId = row?.id ?? 0
    })

    /** The price test product as each list call shows it (it heads every list). */
    async function priceCards(query: string, headers: Record<string, string> = {}) {
      const found: ProductCardDto[] = []
      for (const path of LIST_PATHS) {
        const data =
          path.endsWith('Page') || path === 'search'
            ? (await page(`${path}?${query}`, headers)).list
            : await cards(`${path}?${query}`, headers)
        const card = data.find((p) => p.id === partnerOnlyId)
        expect(card, `${path} shows the price test product`).toBeDefined()
        if (card) found.push(card)
      }
      return found
    }

    it('sends a visitor no price field at all, on every list and in search', async () => {
      for (const card of await priceCards('language=zhCn')) {
        expect(priceKeys(card)).toEqual([])
        expect(card).not.toHaveProperty('partnerOnly')
      }
      // A token that is not valid leaves the caller a visitor rather than failing the call.
      for (const card of await priceCards('language=zhCn', { token: 'not-a-token' })) {
        expect(priceKeys(card)).toEqual([])
      }
    })

    it("sends a customer only their role's column in the request language", async () => {
      const { token } = await signedInAccount(t, 'cards-role4@example.com', { language: 'ja' })
      for (const card of await priceCards('language=ja', { token })) {
        expect(priceKeys(card)).toEqual(['jpAlonePrice'])
        expect(card.jpAlonePrice).toBe(4600)
        expect(card).not.toHaveProperty('partnerOnly')
      }
    })

    it('maps role 1 to the batch price in Chinese and the single price in ja and en', async () => {
      const { token } = await signedInAccount(t, 'cards-role1@example.com', { role: 1 })
      for (const card of await priceCards('language=zhCn', { token })) {
        expect(priceKeys(card)).toEqual(['cnBatchPrice'])
        expect(card.cnBatchPrice).toBe(4100)
      }
      for (const card of await priceCards('language=ja', { token })) {
        expect(priceKeys(card)).toEqual(['jpAlonePrice'])
      }
      for (const card of await priceCards('language=en', { token })) {
        expect(priceKeys(card)).toEqual(['enAlonePrice'])
        expect(card.enAlonePrice).toBe(4800)
      }
    })

    it('flags a negative price as partner-only and never sends its amount', async () => {
      // Role 2 (Chinese single price) is the column that is negative on this product.
      const { token } = await signedInAccount(t, 'cards-role2@example.com')
      for (const card of await priceCards('language=zhCn', { token })) {
        expect(priceKeys(card)).toEqual([])
        expect(card.partnerOnly).toBe(true)
      }
      // Role 3's column (Japanese batch) is negative too; its amount stays unsent.
      const { token: role3 } = await signedInAccount(t, 'cards-role3@example.com', { role: 3 })
      for (const card of await priceCards('language=en', { token: role3 })) {
        expect(priceKeys(card)).toEqual([])
        expect(card.partnerOnly).toBe(true)
      }
    })

    it('sends a customer without a price role no price, and an operator every column', async () => {
      const { token: noRole } = await signedInAccount(t, 'cards-norole@example.com', { role: null })
      for (const card of await priceCards('language=zhCn', { token: noRole })) {
        expect(priceKeys(card)).toEqual([])
      }
      const { token: operator } = await signedInAccount(t, 'cards-operator@example.com', { kind: 'operator' })
      for (const card of await priceCards('language=en', { token: operator })) {
        expect(card).toMatchObject({
          cnAlonePrice: -5000,
          cnBatchPrice: 4100,
          jpAlonePrice: 4600,
          jpBatchPrice: -4000,
          enAlonePrice: 4800,
          enBatchPrice: 4200,
        })
      }
    })

    it("marks the caller's favourites with their bid on every list and in search, and no one else's", async () => {
      const fan = await signedInAccount(t, 'cards-fan@example.com')
      const other = await signedInAccount(t, 'cards-other@example.com')
      const collect = (token: string, productId: number) =>
        t.sendJson<Envelope<FavouriteToggleDto>>(
          'POST',
          `/api/mall/collect/collectOrDelete/${productId}?collect=true`,
          undefined,
          { token },
        )
      const { bid } = (await collect(fan.token, partnerOnlyId)).body.data
      expect(bid).toEqual(expect.any(Number))
      // Another shopper's favourite of a product on the same lists must not show on the fan's cards.
      const hotRows = await page('hotListPage?pageSize=100')
      const neighbour = hotRows.list.find((card) => card.id !== partnerOnlyId)
      if (!neighbour) throw new Error('no other hot product')
      await collect(other.token, neighbour.id)

      for (const card of await priceCards('language=zhCn', { token: fan.token })) {
        expect(card.bid).toBe(bid)
      }
      const fanHot = await page('hotListPage?pageSize=100', { token: fan.token })
      expect(fanHot.list.filter((card) => card.bid !== undefined).map((card) => card.id)).toEqual([
        partnerOnlyId,
      ])
      for (const card of await priceCards('language=zhCn', { token: other.token })) {
        expect(card).not.toHaveProperty('bid')
      }
      const otherHot = await page('hotListPage?pageSize=100', { token: other.token })
      expect(otherHot.list.find((card) => card.id === neighbour.id)?.bid).toEqual(expect.any(Number))
      // Visitors get no bid at all, not even a null one.
      for (const card of await priceCards('language=zhCn')) expect(card).not.toHaveProperty('bid')
      expect(hotRows.list.some((card) => 'bid' in card)).toBe(false)
    })

    it('marks priced answers private so a shared cache never hands them to someone else', async () => {
      const { token } = await signedInAccount(t, 'cards-cache@example.com')
      const response = await t.getJson<Envelope<ProductCardDto[]>>('/api/mall/product/hotList', { token })
      expect(response.headers.get('cache-control')).toBe('private, no-cache')
      const visitor = await t.getJson<Envelope<ProductCardDto[]>>('/api/mall/product/hotList')
      expect(visitor.headers.get('vary')).toMatch(/token/i)
    })
  })
})
