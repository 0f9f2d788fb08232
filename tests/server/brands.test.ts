import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brands } from '../../server/db/schema.ts'
import { type RunningCatalogCache, startCatalogCache } from '../../server/http/catalog-cache.ts'
import { notifyCatalogChanged } from '../../server/services/catalog-changes.ts'
import type { BrandDto, ProductCardDto } from '../../src/domain/catalog.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { OrderStatus } from '../../src/domain/order-status-codes.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertBrands, insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { insertSale } from './support/sales-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const priceKeys = (card: object) => Object.keys(card).filter((key) => /Price$/.test(key))

const logo: MediaImageDto = {
  id: 7,
  width: 400,
  height: 200,
  placeholder: 'data:image/webp;base64,AAAA',
  variants: [{ width: 320, format: 'webp', url: '/media/logo-320.webp' }],
}

describe.each(engines)('brands on %s', (engine) => {
  let t: TestApp
  let running: RunningCatalogCache
  let userId: number
  const brandId: Record<string, number> = {}
  const productId: Record<string, number> = {}

  const sale = (status: number, days: number, lines: [string, number][]) =>
    insertSale(t.db, {
      userId,
      status,
      at: new Date(t.clock.now.getTime() - days * DAY_MS),
      lines: lines.map(([name, quantity]) => ({ productId: productId[name] ?? 0, quantity })),
    })

  beforeAll(async () => {
    t = await createTestApp(engine)
    running = await startCatalogCache(t.db)
    const [good, kotobuki, quiet] = await insertBrands(t.db, [
      { name: '好微笑', jpName: 'グッドスマイル', enName: 'Good Smile', sort: 2, logo },
      { name: '寿屋', jpName: 'ことぶきや', enName: 'Kotobukiya', sort: 1 },
      { name: '安静', jpName: null, enName: null, sort: 3 },
    ])
    brandId.good = good?.id ?? 0
    brandId.kotobuki = kotobuki?.id ?? 0
    brandId.quiet = quiet?.id ?? 0
    const rows: [string, Parameters<typeof productRow>[0]][] = [
      ['goodA', { brandId: brandId.good, productName: '好微笑甲' }],
      ['goodB', { brandId: brandId.good, productName: '好微笑乙' }],
      ['goodOff', { brandId: brandId.good, status: 2 }],
      ['koto', { brandId: brandId.kotobuki, productName: '寿屋甲' }],
      ['quietOff', { brandId: brandId.quiet, status: 2 }],
      ['noBrand', { productName: '无品牌甲' }],
    ]
    const inserted = await insertProducts(
      t.db,
      rows.map(([, row]) => productRow(row)),
    )
    rows.forEach(([name], index) => {
      productId[name] = inserted[index]?.id ?? 0
    })
    ;({ userId } = await signedInAccount(t, `brand-buyer-${engine}@example.com`))
    // Kotobukiya sold 10 paid units, Good Smile 3 paid (its 100 unpaid and 50 old ones do not count);
    // the quiet brand's only sale was refunded, and products without a brand belong to no brand.
    await sale(OrderStatus.waitOrder, 1, [
      ['koto', 10],
      ['goodA', 1],
      ['noBrand', 99],
    ])
    await sale(OrderStatus.arrival, 20, [
      ['goodB', 1],
      ['goodOff', 1],
    ])
    await sale(OrderStatus.waitPay, 1, [['goodA', 100]])
    await sale(OrderStatus.send, 40, [['goodA', 50]])
    await sale(OrderStatus.refund, 1, [['quietOff', 500]])
  })

  afterAll(async () => {
    await running?.stop()
    await t?.close()
  })

  const get = async <T>(path: string, headers: Record<string, string> = {}) => {
    const { status, body } = await t.getJson<Envelope<T>>(path, headers)
    expect(status, body.msg).toBe(200)
    return body.data
  }

  it('lists every brand in sort order with its count of products on sale, names and logo', async () => {
    const list = await get<BrandDto[]>('/api/mall/brand/list?language=ja')
    expect(list).toEqual([
      {
        id: brandId.kotobuki,
        name: '寿屋',
        jpName: 'ことぶきや',
        enName: 'Kotobukiya',
        logo: null,
        productCount: 1,
      },
      {
        id: brandId.good,
        name: '好微笑',
        jpName: 'グッドスマイル',
        enName: 'Good Smile',
        logo,
        productCount: 2,
      },
      { id: brandId.quiet, name: '安静', jpName: null, enName: null, logo: null, productCount: 0 },
    ])
  })

  it('lists trending brands by units paid in 30 days, leaving out brands that sold nothing', async () => {
    const trending = await get<BrandDto[]>('/api/mall/brand/trending?language=zhCn')
    expect(trending.map((brand) => brand.id)).toEqual([brandId.kotobuki, brandId.good])
    expect(trending[1]).toMatchObject({ name: '好微笑', logo, productCount: 2 })
    // The units sold are the shop's business.
    expect(Object.keys(trending[0] ?? {}).sort()).toEqual(
      ['enName', 'id', 'jpName', 'logo', 'name', 'productCount'].sort(),
    )
  })

  it('shows at most 12 trending brands', async () => {
    const many = await insertBrands(
      t.db,
      Array.from({ length: 12 }, (_, i) => ({ name: `热卖${i}`, sort: 10 + i })),
    )
    const sold = await insertProducts(
      t.db,
      many.map((brand) => productRow({ brandId: brand.id })),
    )
    await t.db.transaction(async (tx) => {
      await notifyCatalogChanged(tx, 'brands')
    })
    await insertSale(t.db, {
      userId,
      status: OrderStatus.waitOrder,
      at: t.clock.now,
      lines: sold.map((product) => ({ productId: product.id, quantity: 2 })),
    })
    // Sales send no catalog notice: the cached answer stands until the safety TTL (60 s) runs out.
    t.clock.advance(61_000)
    const trending = await get<BrandDto[]>('/api/mall/brand/trending')
    // Kotobukiya (10), Good Smile (3), then ten of the twelve new brands (2 each), ties by sort order.
    expect(trending.map((brand) => brand.id)).toEqual([
      brandId.kotobuki,
      brandId.good,
      ...many.slice(0, 10).map((brand) => brand.id),
    ])
  })

  it('searches the products of one brand, on sale only, and alongside keywords', async () => {
    const page = await get<Page<ProductCardDto>>(`/api/mall/product/search?brandId=${brandId.good}`)
    expect(page.total).toBe(2)
    expect(page.list.map((card) => card.id)).toEqual([productId.goodB, productId.goodA])
    const narrowed = await get<Page<ProductCardDto>>(
      `/api/mall/product/search?brandId=${brandId.good}&keywords=${encodeURIComponent('甲')}`,
    )
    expect(narrowed.list.map((card) => card.id)).toEqual([productId.goodA])
    expect((await get<Page<ProductCardDto>>(`/api/mall/product/search?brandId=${brandId.quiet}`)).total).toBe(
      0,
    )
  })

  it('sends a visitor no prices on a brand search, and a customer their column', async () => {
    const visitor = await get<Page<ProductCardDto>>(`/api/mall/product/search?brandId=${brandId.good}`)
    for (const card of visitor.list) expect(priceKeys(card)).toEqual([])
    const { token } = await signedInAccount(t, `brand-en-${engine}@example.com`, { language: 'en' })
    const customer = await get<Page<ProductCardDto>>(
      `/api/mall/product/search?brandId=${brandId.good}&language=en`,
      { token },
    )
    for (const card of customer.list) expect(priceKeys(card)).toEqual(['enAlonePrice'])
  })

  it('refuses a brand id that is not a positive whole number (400 naming the field)', async () => {
    for (const bad of ['0', 'abc', '-1']) {
      const { status, body } = await t.getJson<Envelope<null>>(`/api/mall/product/search?brandId=${bad}`)
      expect(status).toBe(400)
      expect(body.msg).toMatch(/^brandId: /)
    }
    const { status, body } = await t.getJson<Envelope<null>>('/api/mall/brand/list?language=fr')
    expect(status).toBe(400)
    expect(body.msg).toMatch(/^language: /)
  })

  it('shows a brand renamed with its catalog notice on the next call', async () => {
    const nameOf = async () =>
      (await get<BrandDto[]>('/api/mall/brand/list')).find((brand) => brand.id === brandId.kotobuki)?.name
    expect(await nameOf()).toBe('寿屋')
    const since = running.cache.invalidations
    await t.db.transaction(async (tx) => {
      await tx
        .update(brands)
        .set({ name: '寿屋新' })
        .where(eq(brands.id, brandId.kotobuki ?? 0))
      await notifyCatalogChanged(tx, 'brand name')
    })
    const deadline = Date.now() + 5_000
    while (running.cache.invalidations === since && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(await nameOf()).toBe('寿屋新')
  })
})
