import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_STATUS, products } from '../../server/db/schema.ts'
import { SEARCH_RANKED_MAX } from '../../server/services/catalog/product-search.ts'
import type { SearchPage } from '../../src/domain/catalog.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import {
  insertCategoryTree,
  insertProducts,
  insertSeries,
  productRow,
  signedInAccount,
} from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/**
 * The search catalog. Names are chosen so that each query below has one right answer: the keys are
 * what the tests call the products, in insertion (so id) order.
 */
const PRODUCT_KEYS = [
  'catFigure',
  'mikuFigure',
  'cushion',
  'percent',
  'underscore',
  'backslash',
  'offSaleCat',
  'setWithItemNo',
  'plainPlush',
  'shortCode',
  'latinCase',
] as const
type ProductKey = (typeof PRODUCT_KEYS)[number]

describe.each(engines)('product search on %s', (engine) => {
  let t: TestApp
  const ids = {} as Record<ProductKey, number>
  const keyOf = new Map<number, ProductKey>()
  const tree = { figures: 0, scale: 0, prize: 0, plush: 0 }
  const seriesIds = { cats: 0, songs: 0 }

  beforeAll(async () => {
    t = await createTestApp(engine)
    const { figures, plush, children } = await insertCategoryTree(t.db)
    tree.figures = figures.id
    tree.plush = plush.id
    tree.scale = children.find((c) => c.name === '比例手办')?.id ?? 0
    tree.prize = children.find((c) => c.name === '景品')?.id ?? 0
    const [cats, songs] = await insertSeries(t.db, [{ name: '猫咪系列' }, { name: '歌姬系列' }])
    seriesIds.cats = cats?.id ?? 0
    seriesIds.songs = songs?.id ?? 0

    const rows: Record<ProductKey, Parameters<typeof productRow>[0]> = {
      catFigure: {
        itemNo: 'AB-1001',
        janCode: '4901234567894',
        boxBarcode: '14901234567891',
        productName: '猫咪景品手办',
        jpProductName: 'ねこプライズフィギュア',
        enProductName: 'Cat Prize Figure',
        categoryId: tree.prize,
        seriesId: seriesIds.cats,
        type: 1,
      },
      mikuFigure: {
        itemNo: 'MK-2002',
        janCode: '4571234567890',
        productName: '初音未来 比例手办',
        jpProductName: '初音ミク スケールフィギュア',
        enProductName: 'Miku Scale Figure',
        categoryId: tree.scale,
        seriesId: seriesIds.songs,
        type: 2,
      },
      cushion: {
        itemNo: 'CU-3003',
        productName: '抱枕',
        jpProductName: '抱き枕カバー',
        enProductName: 'Body pillow cover',
        categoryId: tree.plush,
        seriesId: seriesIds.songs,
        type: 1,
      },
      percent: {
        itemNo: 'PC-4004',
        productName: '纯棉100%毛巾',
        jpProductName: '綿100%タオル',
        enProductName: '100% cotton towel',
        categoryId: tree.plush,
        type: 2,
      },
      underscore: {
        itemNo: 'US-5005',
        productName: '徽章_限定',
        jpProductName: '缶バッジ_限定',
        enProductName: 'badge_limited',
        type: 2,
      },
      backslash: {
        itemNo: 'BS-6006',
        productName: '斜线\\亚克力',
        jpProductName: 'スラッシュ\\アクリル',
        enProductName: 'Slash\\acrylic',
        type: 2,
      },
      offSaleCat: {
        itemNo: 'OFF-7007',
        janCode: '4909999999997',
        productName: '猫咪停售',
        jpProductName: 'ねこ販売終了',
        enProductName: 'Cat discontinued',
        categoryId: tree.prize,
        seriesId: seriesIds.cats,
        status: 2,
      },
      // Newer than catFigure and names its item number: an exact code hit must still come first.
      setWithItemNo: {
        itemNo: 'ST-8008',
        productName: '套装（含AB-1001）',
        jpProductName: 'セット（AB-1001入り）',
        enProductName: 'Set with ab-1001',
        categoryId: tree.scale,
        type: 1,
      },
      plainPlush: {
        itemNo: 'PL-9009',
        productName: '毛绒玩偶',
        jpProductName: 'ぬいぐるみ',
        enProductName: 'Plush doll',
        categoryId: tree.plush,
        type: 7,
      },
      // A two-character item number, which a two-character name search also meets.
      shortCode: {
        itemNo: 'ZQ',
        productName: '短编号',
        jpProductName: '短い品番',
        enProductName: 'Short code',
        type: 3,
      },
      latinCase: {
        itemNo: 'LC-0010',
        productName: '袋鼠',
        jpProductName: 'クオッカ',
        enProductName: 'Quokka zq plush',
        type: 3,
      },
    }
    // One insert per product, so ids follow PRODUCT_KEYS order.
    for (const key of PRODUCT_KEYS) {
      const [inserted] = await insertProducts(t.db, [productRow(rows[key])])
      ids[key] = inserted?.id ?? 0
      keyOf.set(ids[key], key)
    }
  })
  afterAll(async () => {
    await t.close()
  })

  async function search(query: Record<string, string>, headers: Record<string, string> = {}) {
    const params = new URLSearchParams(query)
    const { status, body } = await t.getJson<Envelope<SearchPage>>(
      `/api/mall/product/search?${params}`,
      headers,
    )
    expect(status, body.msg).toBe(200)
    return body.data
  }
  /** The keys of what a search finds, in the order it lists them. */
  const found = async (query: Record<string, string>) =>
    (await search(query)).list.map((p) => keyOf.get(p.id) ?? `unknown ${p.id}`)
  /** On-sale products, newest first: what an unfiltered search lists. */
  const onSaleNewestFirst = PRODUCT_KEYS.filter((key) => key !== 'offSaleCat').reverse()

  it('lists every on-sale product, newest first, when nothing is asked', async () => {
    expect(await found({})).toEqual(onSaleNewestFirst)
    expect(await found({ keywords: '   ', category: '0', type: '0' })).toEqual(onSaleNewestFirst)
  })

  it('finds a product by its item number in any case, exact hits before newer name matches', async () => {
    for (const keywords of ['AB-1001', 'ab-1001', 'Ab-1001', '  aB-1001 ']) {
      expect(await found({ keywords })).toEqual(['catFigure', 'setWithItemNo'])
    }
    // The item number matches whole, not by prefix.
    expect(await found({ keywords: 'MK-200' })).toEqual([])
    expect(await found({ keywords: 'mk-2002' })).toEqual(['mikuFigure'])
  })

  it('finds a product by its JAN code or box barcode, exactly', async () => {
    expect(await found({ keywords: '4901234567894' })).toEqual(['catFigure'])
    expect(await found({ keywords: '14901234567891' })).toEqual(['catFigure'])
    expect(await found({ keywords: '4571234567890' })).toEqual(['mikuFigure'])
    expect(await found({ keywords: '490123456789' })).toEqual([])
    // An off-sale product is not found even by its own code.
    expect(await found({ keywords: '4909999999997' })).toEqual([])
  })

  it('finds products by a part of their name in each language, in any case', async () => {
    expect(await found({ keywords: '景品手办' })).toEqual(['catFigure'])
    expect(await found({ keywords: 'プライズ' })).toEqual(['catFigure'])
    expect(await found({ keywords: 'prize fig' })).toEqual(['catFigure'])
    expect(await found({ keywords: 'SCALE FIGURE' })).toEqual(['mikuFigure'])
    expect(await found({ keywords: 'figure' })).toEqual(['mikuFigure', 'catFigure'])
    expect(await found({ keywords: '手办' })).toEqual(['mikuFigure', 'catFigure'])
  })

  it('finds one- and two-character Chinese and Japanese queries', async () => {
    expect(await found({ keywords: '猫' })).toEqual(['catFigure'])
    expect(await found({ keywords: '初音' })).toEqual(['mikuFigure'])
    expect(await found({ keywords: 'ね' })).toEqual(['catFigure'])
    expect(await found({ keywords: '抱' })).toEqual(['cushion'])
    expect(await found({ keywords: '毛' })).toEqual(['plainPlush', 'percent'])
    expect(await found({ keywords: 'ミク' })).toEqual(['mikuFigure'])
    // Short latin keywords go the same way, in any case.
    expect(await found({ keywords: 'Q' })).toEqual(['latinCase'])
    expect(await found({ keywords: 'kK' })).toEqual(['latinCase'])
    // Two characters that are both in a name, but not side by side, are no match.
    expect(await found({ keywords: 'qz' })).toEqual([])
  })

  it('puts a short item number hit before name matches of the same characters', async () => {
    expect(await found({ keywords: 'zq' })).toEqual(['shortCode', 'latinCase'])
    expect(await found({ keywords: 'ZQ', type: '3' })).toEqual(['shortCode', 'latinCase'])
  })

  it('takes %, _ and \\ in keywords literally, never as wildcards', async () => {
    expect(await found({ keywords: '%' })).toEqual(['percent'])
    expect(await found({ keywords: '100%' })).toEqual(['percent'])
    expect(await found({ keywords: '_' })).toEqual(['underscore'])
    expect(await found({ keywords: 'badge_' })).toEqual(['underscore'])
    expect(await found({ keywords: '\\' })).toEqual(['backslash'])
    expect(await found({ keywords: 'slash\\a' })).toEqual(['backslash'])
    // Would match everything (or every two-letter run) if they acted as wildcards.
    expect(await found({ keywords: '%%' })).toEqual([])
    expect(await found({ keywords: '__' })).toEqual([])
    expect(await found({ keywords: 'b_dge' })).toEqual([])
  })

  it('filters by category, a parent category taking in its children', async () => {
    expect(await found({ category: String(tree.figures) })).toEqual([
      'setWithItemNo',
      'mikuFigure',
      'catFigure',
    ])
    expect(await found({ category: String(tree.prize) })).toEqual(['catFigure'])
    expect(await found({ category: String(tree.scale) })).toEqual(['setWithItemNo', 'mikuFigure'])
    expect(await found({ category: String(tree.plush) })).toEqual(['plainPlush', 'percent', 'cushion'])
  })

  it('answers an unknown category with an empty page, not an error', async () => {
    expect(await search({ category: '999999' })).toEqual({
      list: [],
      total: 0,
      pageNum: 1,
      pageSize: 30,
      more: false,
    })
  })

  it('filters by series and by type', async () => {
    expect(await found({ series: String(seriesIds.cats) })).toEqual(['catFigure'])
    expect(await found({ series: String(seriesIds.songs) })).toEqual(['cushion', 'mikuFigure'])
    expect(await found({ series: '999999' })).toEqual([])
    expect(await found({ type: '2' })).toEqual(['backslash', 'underscore', 'percent', 'mikuFigure'])
    expect(await found({ type: '7' })).toEqual(['plainPlush'])
    expect(await found({ type: '9' })).toEqual([])
  })

  it('combines keywords with category, series and type', async () => {
    expect(await found({ keywords: 'figure', category: String(tree.figures) })).toEqual([
      'mikuFigure',
      'catFigure',
    ])
    expect(await found({ keywords: 'figure', category: String(tree.prize) })).toEqual(['catFigure'])
    expect(await found({ keywords: 'figure', category: String(tree.plush) })).toEqual([])
    expect(await found({ keywords: 'AB-1001', category: String(tree.scale) })).toEqual(['setWithItemNo'])
    expect(await found({ keywords: 'figure', type: '2' })).toEqual(['mikuFigure'])
    expect(await found({ keywords: '手办', series: String(seriesIds.cats) })).toEqual(['catFigure'])
  })

  it('pages the results with the total of all pages', async () => {
    const total = onSaleNewestFirst.length
    const pages = Math.ceil(total / 3)
    const seen: string[] = []
    for (let pageNum = 1; pageNum <= pages; pageNum++) {
      const page = await search({ pageNum: String(pageNum), pageSize: '3' })
      expect(page).toMatchObject({ total, pageNum, pageSize: 3 })
      seen.push(...page.list.map((p) => keyOf.get(p.id) ?? ''))
    }
    expect(seen).toEqual(onSaleNewestFirst)
    expect(await search({ pageNum: String(pages + 1), pageSize: '3' })).toEqual({
      list: [],
      total,
      pageNum: pages + 1,
      pageSize: 3,
      more: false,
    })
    const filtered = await search({ keywords: 'figure', pageNum: '2', pageSize: '1' })
    expect(filtered.total).toBe(2)
    expect(filtered.list.map((p) => keyOf.get(p.id))).toEqual(['catFigure'])
  })

  it('shows prices only to callers allowed to see them', async () => {
    const visitor = await search({ keywords: 'AB-1001' })
    for (const card of visitor.list) expect(Object.keys(card).filter((k) => /Price$/.test(k))).toEqual([])
    const { token } = await signedInAccount(t, 'search-ja@example.com', { language: 'ja' })
    const customer = await search({ keywords: 'AB-1001', language: 'ja' }, { token })
    for (const card of customer.list) {
      expect(Object.keys(card).filter((k) => /Price$/.test(k))).toEqual(['jpAlonePrice'])
    }
  })

  it('refuses an absurd query with a 400 naming the field', async () => {
    for (const [query, field] of [
      [{ keywords: 'x'.repeat(101) }, 'keywords'],
      [{ pageSize: '1000' }, 'pageSize'],
      [{ pageNum: '0' }, 'pageNum'],
      [{ type: '12' }, 'type'],
      [{ type: '-1' }, 'type'],
      [{ category: '-1' }, 'category'],
      [{ category: 'figures' }, 'category'],
      [{ series: '0' }, 'series'],
      [{ language: 'fr' }, 'language'],
    ] as const) {
      const params = new URLSearchParams(query)
      const { status, body } = await t.getJson<Envelope<null>>(`/api/mall/product/search?${params}`)
      expect(status, JSON.stringify(query)).toBe(400)
      expect(body.code).toBe(400)
      expect(body.msg.startsWith(`${field}: `), body.msg).toBe(true)
    }
    // A keyword of exactly 100 characters is still a search.
    expect(await found({ keywords: 'x'.repeat(100) })).toEqual([])
  })
})

describe.each(engines)('search ranking and its bound on %s', (engine) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t?.close()
  })

  async function search(keywords: string, pageSize = 30, pageNum = 1) {
    const params = new URLSearchParams({ keywords, pageSize: String(pageSize), pageNum: String(pageNum) })
    const { status, body } = await t.getJson<Envelope<SearchPage>>(`/api/mall/product/search?${params}`)
    expect(status, body.msg).toBe(200)
    return body.data
  }

  it('puts exact codes first, then names beginning with the keywords, then other matches, newest first in each', async () => {
    const [oldStart, containsOld, jpStart, code, containsNew] = await insertProducts(t.db, [
      productRow({ productName: '星尘 立牌', jpProductName: null, enProductName: null }),
      productRow({ productName: '限定 星尘 徽章', jpProductName: null, enProductName: null }),
      productRow({ productName: '亚克力挂件', jpProductName: '星尘 アクリル', enProductName: null }),
      productRow({ itemNo: '星尘', productName: '无关的名字', jpProductName: null, enProductName: null }),
      productRow({ productName: '新款 星尘 抱枕', jpProductName: null, enProductName: null }),
    ])
    const page = await search('星尘')
    expect(page.list.map((card) => card.id)).toEqual([
      code?.id,
      jpStart?.id,
      oldStart?.id,
      containsNew?.id,
      containsOld?.id,
    ])
    expect(page).toMatchObject({ total: 5, more: false })
    // Latin names rank the same way, whatever the case typed
    const [containsLatin, startsLatin] = await insertProducts(t.db, [
      productRow({ productName: '徽章', jpProductName: null, enProductName: 'Limited Nebula badge' }),
      productRow({ productName: '挂件', jpProductName: null, enProductName: 'nebula charm' }),
    ])
    expect((await search('NEBULA')).list.map((card) => card.id)).toEqual([startsLatin?.id, containsLatin?.id])
  })

  it('follows every change of a product: renamed, taken off sale, deleted', async () => {
    const [product] = await insertProducts(t.db, [
      productRow({ productName: '旧名字 月光', jpProductName: null, enProductName: null }),
    ])
    expect((await search('月光')).total).toBe(1)
    await t.db
      .update(products)
      .set({ productName: '新名字 日光' })
      .where(eq(products.id, product?.id ?? 0))
    expect((await search('月光')).total).toBe(0)
    expect((await search('日光')).list.map((card) => card.id)).toEqual([product?.id])
    await t.db
      .update(products)
      .set({ status: PRODUCT_STATUS.unavailable })
      .where(eq(products.id, product?.id ?? 0))
    expect((await search('日光')).total).toBe(0)
    await t.db
      .update(products)
      .set({ status: PRODUCT_STATUS.onSale })
      .where(eq(products.id, product?.id ?? 0))
    expect((await search('日光')).total).toBe(1)
    await t.db.delete(products).where(eq(products.id, product?.id ?? 0))
    expect((await search('日光')).total).toBe(0)
  })

  it(`ranks the newest ${SEARCH_RANKED_MAX} name matches and says when more match`, async () => {
    const rows = Array.from({ length: SEARCH_RANKED_MAX + 5 }, (_, index) =>
      productRow({ productName: `常见词 商品 ${index}`, jpProductName: null, enProductName: null }),
    )
    const inserted = await insertProducts(t.db, rows)
    const newest = inserted.map((row) => row.id).sort((a, b) => b - a)
    const first = await search('常见词', 100)
    expect(first).toMatchObject({ total: SEARCH_RANKED_MAX, more: true })
    expect(first.list.map((card) => card.id)).toEqual(newest.slice(0, 100))
    const last = await search('常见词', 100, SEARCH_RANKED_MAX / 100)
    expect(last.list.map((card) => card.id)).toEqual(newest.slice(SEARCH_RANKED_MAX - 100, SEARCH_RANKED_MAX))
    // a narrower search counts exactly again
    expect(await search('常见词 商品 7')).toMatchObject({ more: false })
  })
})

describe.each(engines)('a one- or two-character search on a big catalog on %s', (engine) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('finds the newest matches among recent products and the older ones through the characters index', async () => {
    // 1,300 products all holding 雪 and 花, apart: the characters say "common", the pair is rare. The
    // search reads the newest ~1,000 ids first, then looks for the rest among the older ones.
    const names = Array.from({ length: 1300 }, (_, index) =>
      index < 2 || index >= 1298 ? `雪花 挂件 ${index}` : `雪 的 花 挂件 ${index}`,
    )
    const inserted = await insertProducts(
      t.db,
      names.map((productName) => productRow({ productName, jpProductName: null, enProductName: null })),
    )
    await t.db.execute(sql`analyze product_search`)
    const params = new URLSearchParams({ keywords: '雪花', pageSize: '30' })
    const { body } = await t.getJson<Envelope<SearchPage>>(`/api/mall/product/search?${params}`)
    const ids = inserted.map((row) => row.id)
    expect(body.data.list.map((card) => card.id)).toEqual([ids[1299], ids[1298], ids[1], ids[0]])
    expect(body.data).toMatchObject({ total: 4, more: false })
  })
})
