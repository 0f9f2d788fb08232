import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, media, products } from '../../server/db/schema.ts'
import { type RunningCatalogCache, startCatalogCache } from '../../server/http/catalog-cache.ts'
import type { ProductCardDto, ProductDetailDto } from '../../src/domain/catalog.ts'
import { fallbackUrlOf } from '../../src/domain/media.ts'
import type { OpsProductDto, OpsProductPage, ProductConflictData } from '../../src/domain/product-editor.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import {
  insertBrands,
  insertCategoryTree,
  insertProducts,
  insertSeries,
  productRow,
  signedInAccount,
} from './support/catalog-fixture.ts'
import { PRICES } from './support/product-body.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Refusal = { fields?: { field: string; message: string }[] } | null

/** A valid EAN-13 (check digit 7) and the same code with a wrong check digit. */
const GOOD_JAN = '4901234567894'
const BAD_JAN = '4901234567890'

describe.each(engines)('the console’s products on %s', (engine) => {
  let t: TestApp
  let operator: { token: string; userId: number }
  let customer: { token: string; userId: number }
  let ordersOnly: { token: string; userId: number }
  let cache: RunningCatalogCache
  let tree: Awaited<ReturnType<typeof insertCategoryTree>>
  let seriesId: number
  let brandId: number
  let pictures: number[]

  const as = (who: { token: string }) => ({ token: who.token })
  const list = (query: string) =>
    t.getJson<Envelope<OpsProductPage | Refusal>>(`/api/ops/products${query}`, as(operator))
  const pageOf = async (query: string) => {
    const answer = await list(query)
    expect(answer.status, answer.body.msg).toBe(200)
    return answer.body.data as OpsProductPage
  }
  const read = async (id: number) =>
    (await t.getJson<Envelope<OpsProductDto>>(`/api/ops/products/${id}`, as(operator))).body.data
  const create = (body: unknown) =>
    t.sendJson<Envelope<OpsProductDto | Refusal>>('POST', '/api/ops/products', body, as(operator))
  const save = (id: number, body: unknown) =>
    t.sendJson<Envelope<OpsProductDto | ProductConflictData | Refusal>>(
      'PUT',
      `/api/ops/products/${id}`,
      body,
      as(operator),
    )
  /** A body spelled by hand (JSON.stringify cannot write -0). */
  const sendRaw = async (method: 'POST' | 'PUT', path: string, json: string) => {
    const response = await t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...as(operator) },
      body: json,
    })
    return { status: response.status, body: (await response.json()) as Envelope<Refusal> }
  }
  /** What the editor sends back for a product it read. */
  const bodyOf = ({ id: _id, createTime: _c, imgList: _l, images, ...fields }: OpsProductDto) => ({
    ...fields,
    images: images.map((image) => image.id),
  })
  const newProduct = (overrides: Record<string, unknown> = {}) => ({
    itemNo: `NEW-${Math.random().toString(36).slice(2, 10)}`,
    productName: '新商品',
    type: 1,
    ...PRICES,
    ...overrides,
  })
  const productTotal = async () => (await t.db.select({ n: count() }).from(products))[0]?.n ?? 0
  const auditTotal = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0
  const auditsOf = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id))

  beforeAll(async () => {
    t = await createTestApp(engine)
    cache = await startCatalogCache(t.db)
    operator = await signedInAccount(t, 'catalog-ops@example.com', { kind: 'operator' })
    ordersOnly = await signedInAccount(t, 'orders-ops@example.com', {
      kind: 'operator',
      permissions: ['orders'],
    })
    customer = await signedInAccount(t, 'catalog-shopper@example.com')
    tree = await insertCategoryTree(t.db)
    const [aSeries] = await insertSeries(t.db, [{}])
    const [aBrand] = await insertBrands(t.db, [{}])
    if (!aSeries || !aBrand) throw new Error('fixture insert failed')
    seriesId = aSeries.id
    brandId = aBrand.id
    const variants = (name: string) =>
      [320, 640].flatMap((width) =>
        (['avif', 'webp'] as const).map((format) => ({
          width,
          height: width,
          format,
          key: `m/${name}-${width}.${format}`,
        })),
      )
    const rows = await t.db
      .insert(media)
      .values(
        ['cover', 'side'].map((name) => ({
          width: 640,
          height: 640,
          placeholder: 'data:image/webp;base64,AA',
          variants: variants(name),
          sourceBytes: 1000,
        })),
      )
      .returning({ id: media.id })
    pictures = rows.map((row) => row.id)
  })
  afterAll(async () => {
    await cache?.stop()
    await t?.close()
  })

  it('is for operators holding the catalog permission only', async () => {
    expect((await t.getJson('/api/ops/products')).status).toBe(401)
    expect((await t.getJson('/api/ops/products', as(customer))).status).toBe(403)
    expect((await t.getJson('/api/ops/products', as(ordersOnly))).status).toBe(403)
    expect((await t.sendJson('POST', '/api/ops/products', newProduct(), as(customer))).status).toBe(403)
    expect((await list('')).status).toBe(200)
  })

  it('lists every product newest first, filtered and paged, with each kind of keyword', async () => {
    const [scaleFigures] = tree.children
    const [a, b, c, d] = await insertProducts(t.db, [
      productRow({
        itemNo: 'LST-Alpha-1',
        janCode: GOOD_JAN,
        categoryId: scaleFigures?.id,
        seriesId,
        brandId,
      }),
      productRow({ itemNo: 'LST-2', boxBarcode: 'BOXLST2', categoryId: tree.figures.id, type: 2 }),
      productRow({
        itemNo: 'LST-3',
        productName: '星之猫手办',
        enProductName: 'Starry Cat',
        categoryId: tree.plush.id,
      }),
      productRow({ itemNo: 'LST-4', jpProductName: 'ねこのぬいぐるみ', status: 2 }),
    ])
    if (!a || !b || !c || !d) throw new Error('fixture insert failed')
    const ids = async (query: string) => (await pageOf(query)).list.map((product) => product.id)

    const all = await pageOf('?pageSize=100')
    expect(all.total).toBe(await productTotal())
    expect(all.list.map((p) => p.id)).toEqual([...all.list.map((p) => p.id)].sort((x, y) => y - x))
    expect(await ids('?keyword=lst-alpha-1')).toEqual([a.id])
    expect(await ids(`?keyword=${GOOD_JAN}`)).toEqual([a.id])
    expect(await ids('?keyword=BOXLST2')).toEqual([b.id])
    expect(await ids('?keyword=boxlst2')).toEqual([]) // box barcodes match exactly
    expect(await ids(`?keyword=${encodeURIComponent('猫')}`)).toEqual([c.id])
    expect(await ids(`?keyword=${encodeURIComponent('星之猫')}`)).toEqual([c.id])
    expect(await ids('?keyword=starry%20CAT')).toEqual([c.id])
    expect(await ids(`?keyword=${encodeURIComponent('ねこの')}`)).toEqual([d.id])
    // A top-level category covers its children.
    expect(await ids(`?categoryId=${tree.figures.id}`)).toEqual([b.id, a.id])
    expect(await ids(`?categoryId=${scaleFigures?.id}`)).toEqual([a.id])
    expect(await ids(`?seriesId=${seriesId}`)).toEqual([a.id])
    expect(await ids(`?brandId=${brandId}`)).toEqual([a.id])
    expect(await ids(`?type=2&categoryId=${tree.figures.id}`)).toEqual([b.id])
    expect(await ids('?status=2')).toEqual([d.id])
    const second = await pageOf(`?categoryId=${tree.figures.id}&pageSize=1&pageNum=2`)
    expect(second).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 })
    expect(second.list.map((p) => p.id)).toEqual([a.id])
    expect(await pageOf(`?categoryId=${tree.figures.id}&pageNum=9`)).toMatchObject({ list: [], total: 2 })
    const listed = (await pageOf('?keyword=lst-alpha-1')).list[0]
    expect(listed).toMatchObject({ itemNo: 'LST-Alpha-1', janCode: GOOD_JAN, seriesId, brandId, status: 1 })
    for (const bad of ['?type=10', '?status=3', '?pageSize=101', '?categoryId=x']) {
      expect((await list(bad)).status, bad).toBe(400)
    }
  })

  it('reads one product with every field and its updatedAt; an unknown id is 404', async () => {
    const [row] = await insertProducts(t.db, [productRow({ weightG: 350, hotRank: 3 })])
    if (!row) throw new Error('fixture insert failed')
    const product = await read(row.id)
    expect(product).toMatchObject({ id: row.id, itemNo: row.itemNo, weightG: 350, hotRank: 3, images: [] })
    expect(product.imgList).toHaveLength(1)
    expect(Date.parse(product.updatedAt)).not.toBeNaN()
    expect((await t.getJson('/api/ops/products/99999999', as(operator))).status).toBe(404)
  })

  it('creates a product (201) with pictures, sanitised descriptions and an audit row', async () => {
    const [, child] = tree.children
    const answer = await create(
      newProduct({
        itemNo: 'CRT-1',
        janCode: GOOD_JAN,
        categoryId: child?.id,
        seriesId,
        brandId,
        images: [pictures[1], pictures[0]],
        description: '<p>好看</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
        preSellEndTime: '2030-01-10T23:59:59+09:00',
        sellTime: '2030-01-31',
      }),
    )
    expect(answer.status, answer.body.msg).toBe(201)
    const product = answer.body.data as OpsProductDto
    expect(product.images.map((image) => image.id)).toEqual([pictures[1], pictures[0]])
    expect(product.description).toBe('<p>好看</p>')
    expect(product.preSellEndTime).toBe('2030-01-10T14:59:59.000Z')
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row?.imgList).toEqual(product.images.map((image) => fallbackUrlOf(image)))
    expect(row?.imgList[0]).toContain('side-640.webp')
    expect(row?.updatedAt.toISOString()).toBe(product.updatedAt)
    const [audit] = await auditsOf(product.id)
    expect(audit).toMatchObject({ action: 'product.create', actorId: operator.userId, before: null })
    expect(audit?.after).toMatchObject({ itemNo: 'CRT-1', images: [pictures[1], pictures[0]] })

    const again = await create(newProduct({ itemNo: 'CRT-1' }))
    expect(again.status).toBe(409)
    expect(again.body.msg).toMatch(/^itemNo: /)
  })

  it('saves over the version read, stamps updatedAt by the shop clock and audits only the changes', async () => {
    const created = (await create(newProduct({ itemNo: 'UPD-1' }))).body.data as OpsProductDto
    t.clock.advance(60_000)
    const answer = await save(created.id, { ...bodyOf(created), cnAlonePrice: 1500, stock: 7 })
    expect(answer.status, answer.body.msg).toBe(200)
    const saved = answer.body.data as OpsProductDto
    expect(saved).toMatchObject({ cnAlonePrice: 1500, stock: 7 })
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt) + 50_000)
    const audits = await auditsOf(created.id)
    expect(audits.at(-1)).toMatchObject({
      action: 'product.update',
      before: { cnAlonePrice: 1200, stock: 0 },
      after: { cnAlonePrice: 1500, stock: 7 },
    })

    // Someone else saved in between: 409 with the product as it is now; the typed values go nowhere.
    const stale = await save(created.id, { ...bodyOf(created), cnAlonePrice: 9999, productName: '旧版' })
    expect(stale.status).toBe(409)
    expect((stale.body.data as ProductConflictData).current).toEqual(saved)
    const [row] = await t.db.select().from(products).where(eq(products.id, created.id))
    expect(row).toMatchObject({ cnAlonePrice: 1500, productName: '新商品' })
    expect(await auditsOf(created.id)).toHaveLength(audits.length)
  })

  it('keeps pictures from elsewhere when none are given, and replaces them when some are', async () => {
    const [row] = await insertProducts(t.db, [
      productRow({ imgList: ['/media/demo/a.svg', '/media/demo/b.svg'] }),
    ])
    if (!row) throw new Error('fixture insert failed')
    const before = await read(row.id)
    const kept = (await save(row.id, { ...bodyOf(before), stock: 3 })).body.data as OpsProductDto
    expect(kept.imgList).toEqual(['/media/demo/a.svg', '/media/demo/b.svg'])
    const withUploads = (await save(row.id, { ...bodyOf(kept), images: [pictures[0]] })).body
      .data as OpsProductDto
    const [stored] = await t.db.select().from(products).where(eq(products.id, row.id))
    expect(withUploads.images.map((image) => image.id)).toEqual([pictures[0]])
    expect(stored?.imgList).toEqual(withUploads.images.map((image) => fallbackUrlOf(image)))
    expect(withUploads.imgList).toEqual([])
  })

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const [target] = await insertProducts(t.db, [productRow()])
    if (!target) throw new Error('fixture insert failed')
    const current = await read(target.id)
    const cases: [string, Record<string, unknown>][] = [
      ['janCode', { janCode: BAD_JAN }],
      ['cnAlonePrice', { cnAlonePrice: 12.5 }],
      ['jpBatchPrice', { jpBatchPrice: 0 }],
      ['enAlonePrice', { enAlonePrice: 1e12 }],
      ['cnBatchPrice', { cnBatchPrice: '1000' }],
      ['orderBase', { orderBase: 0 }],
      ['preSellEndTime', { sellTime: '2030-01-31', preSellEndTime: '2030-02-01T00:00:00+09:00' }],
      ['categoryId', { categoryId: 99_999_999 }],
      ['seriesId', { seriesId: 99_999_999 }],
      ['brandId', { brandId: 99_999_999 }],
      ['images', { images: [pictures[0], 99_999_999] }],
      ['images', { images: ['a'] }],
      ['productName', { productName: '长'.repeat(201) }],
      ['itemNo', { itemNo: 'x'.repeat(33) }],
      ['description', { description: 'x'.repeat(100_001) }],
      ['isFront', { isFront: 'yes' }],
      ['type', { type: 10 }],
    ]
    const productsBefore = await productTotal()
    const auditsBefore = await auditTotal()
    for (const [field, change] of cases) {
      const created = await create(newProduct(change))
      expect(created.status, `POST ${field}`).toBe(400)
      expect(created.body.msg, `POST ${field}`).toMatch(new RegExp(`^${field}(\\.\\d+)?: `))
      const saved = await save(target.id, { ...bodyOf(current), ...change })
      expect(saved.status, `PUT ${field}`).toBe(400)
      expect(saved.body.msg, `PUT ${field}`).toMatch(new RegExp(`^${field}(\\.\\d+)?: `))
    }
    const negativeZero = await sendRaw(
      'POST',
      '/api/ops/products',
      JSON.stringify(newProduct()).replace('"cnAlonePrice":1200', '"cnAlonePrice":-0'),
    )
    expect(negativeZero.status).toBe(400)
    expect(negativeZero.body.msg).toMatch(/^cnAlonePrice: /)
    expect((await create(newProduct({ updatedAt: undefined, productName: undefined }))).body.msg).toBe(
      'productName: is required',
    )
    expect((await save(target.id, { ...bodyOf(current), updatedAt: undefined })).body.msg).toMatch(
      /^updatedAt: /,
    )
    expect(await productTotal()).toBe(productsBefore)
    expect(await auditTotal()).toBe(auditsBefore)
    expect(await read(target.id)).toEqual(current)
    // A negative price is a partners-only price, not an error.
    expect((await create(newProduct({ cnAlonePrice: -1200 }))).status).toBe(201)
  })

  it('shows a shopper the new price right after a save (the catalog cache is dropped)', async () => {
    const created = (await create(newProduct({ itemNo: 'SHOP-1', hotRank: 1 }))).body.data as OpsProductDto
    const details = `/api/mall/product/details/${created.id}?language=zhCn`
    const hot = '/api/mall/product/hotList?language=zhCn'
    const detailPrice = async () =>
      (await t.getJson<Envelope<ProductDetailDto>>(details, as(customer))).body.data.cnAlonePrice
    const hotPrice = async () =>
      (await t.getJson<Envelope<ProductCardDto[]>>(hot, as(customer))).body.data.find(
        (card) => card.id === created.id,
      )?.cnAlonePrice
    expect(await detailPrice()).toBe(1200)
    expect(await hotPrice()).toBe(1200)
    // Served from the cache now.
    expect(await detailPrice()).toBe(1200)
    const invalidations = cache.cache.invalidations
    expect((await save(created.id, { ...bodyOf(created), cnAlonePrice: 1777 })).status).toBe(200)
    const deadline = Date.now() + 5_000
    while (cache.cache.invalidations === invalidations && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(await detailPrice()).toBe(1777)
    expect(await hotPrice()).toBe(1777)
  })
})
