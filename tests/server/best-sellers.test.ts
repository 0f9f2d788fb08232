import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema.ts'
import { type RunningCatalogCache, startCatalogCache } from '../../server/http/catalog-cache.ts'
import { notifyCatalogChanged } from '../../server/services/catalog-changes.ts'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { OrderStatus } from '../../src/domain/order-status-codes.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { insertSale } from './support/sales-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const priceKeys = (card: object) => Object.keys(card).filter((key) => /Price$/.test(key))

const cover: MediaImageDto = {
  id: 1,
  width: 1600,
  height: 1200,
  placeholder: 'data:image/webp;base64,AAAA',
  variants: [
    { width: 320, format: 'avif', url: '/media/a-320.avif' },
    { width: 320, format: 'webp', url: '/media/a-320.webp' },
  ],
}
const secondPicture: MediaImageDto = { ...cover, id: 2, variants: [] }

describe.each(engines)('best sellers on %s', (engine) => {
  let t: TestApp
  let running: RunningCatalogCache
  /** Product ids by name. */
  const id: Record<string, number> = {}

  beforeAll(async () => {
    t = await createTestApp(engine)
    running = await startCatalogCache(t.db)
    const names = [
      'hotNoSales', // no sales, hot rank 1: first after the sellers, whatever its id
      'fiveA', // 5 units in one paid order
      'fiveB', // 5 units over two paid orders (one already delivered): ties with fiveA, newer
      'seven', // 7 units: the best seller
      'unpaid', // 10 units on an order waiting for payment
      'cancelled', // 10 units on an order cancelled unpaid
      'refunded', // 10 units on a refunded order
      'forfeited', // 10 units on an order forfeited after a missed deadline
      'tooOld', // 20 units paid 31 days ago
      'splitParent', // 30 units on a split parent (its children carry the lines)
      'plain', // nothing
    ]
    const rows = await insertProducts(
      t.db,
      names.map((name) =>
        productRow({
          productName: name,
          hotRank: name === 'hotNoSales' ? 1 : null,
          images: name === 'seven' ? [cover, secondPicture] : [],
        }),
      ),
    )
    names.forEach((name, index) => {
      id[name] = rows[index]?.id ?? 0
    })
    const [offSale] = await insertProducts(t.db, [productRow({ productName: 'offSale', status: 2 })])
    id.offSale = offSale?.id ?? 0

    const { userId } = await signedInAccount(t, `best-buyer-${engine}@example.com`)
    const now = t.clock.now.getTime()
    const daysAgo = (days: number) => new Date(now - days * DAY_MS)
    const sale = (status: number, days: number, lines: [string, number][]) =>
      insertSale(t.db, {
        userId,
        status,
        at: daysAgo(days),
        lines: lines.map(([name, quantity]) => ({ productId: id[name] ?? 0, quantity })),
      })
    await sale(OrderStatus.waitOrder, 3, [
      ['fiveA', 5],
      ['fiveB', 2],
    ])
    await sale(OrderStatus.send, 29, [
      ['fiveB', 3],
      ['seven', 7],
      ['offSale', 50],
    ])
    await sale(OrderStatus.waitPay, 1, [['unpaid', 10]])
    await sale(OrderStatus.cancel1, 1, [['cancelled', 10]])
    await sale(OrderStatus.refund, 1, [['refunded', 10]])
    await sale(OrderStatus.cancel2, 1, [['forfeited', 10]])
    await sale(OrderStatus.finalPay, 31, [['tooOld', 20]])
    await sale(OrderStatus.split, 2, [['splitParent', 30]])
  })

  afterAll(async () => {
    await running?.stop()
    await t?.close()
  })

  const bestList = async (query = '', headers: Record<string, string> = {}) => {
    const { status, body } = await t.getJson<Envelope<Page<ProductCardDto>>>(
      `/api/mall/product/bestList${query}`,
      headers,
    )
    expect(status, body.msg).toBe(200)
    return body.data
  }

  it('ranks on-sale products by units paid in 30 days, ties newest first, then the rest by hot rank and newest', async () => {
    const page = await bestList('?language=zhCn')
    expect(page.total).toBe(11)
    expect(page.list.map((card) => card.productName)).toEqual([
      'seven',
      'fiveB',
      'fiveA',
      'hotNoSales',
      // No sales, no hot rank: the newest first. Unpaid, cancelled, refunded, forfeited, old and
      // split-parent lines counted nothing.
      'plain',
      'splitParent',
      'tooOld',
      'forfeited',
      'refunded',
      'cancelled',
      'unpaid',
    ])
  })

  it('pages without overlap, with the real total', async () => {
    const seen: string[] = []
    for (const pageNum of [1, 2, 3, 4]) {
      const page = await bestList(`?pageNum=${pageNum}&pageSize=3&language=en`)
      expect(page).toMatchObject({ total: 11, pageNum, pageSize: 3 })
      seen.push(...page.list.map((card) => card.productName))
    }
    expect(seen).toHaveLength(11)
    expect(new Set(seen).size).toBe(11)
    expect(seen.slice(0, 3)).toEqual(['seven', 'fiveB', 'fiveA'])
  })

  it('carries the cover of the uploaded pictures on the card, and nothing for pictures from elsewhere', async () => {
    const page = await bestList()
    const seven = page.list.find((card) => card.id === id.seven)
    expect(seven?.images).toEqual([cover])
    expect(page.list.find((card) => card.id === id.plain)).not.toHaveProperty('images')
  })

  it('sends a visitor no price, and a customer their column', async () => {
    for (const card of (await bestList('?language=zhCn')).list) {
      expect(priceKeys(card)).toEqual([])
      expect(card).not.toHaveProperty('partnerOnly')
    }
    const { token } = await signedInAccount(t, `best-ja-${engine}@example.com`, { language: 'ja' })
    for (const card of (await bestList('?language=ja', { token })).list) {
      expect(priceKeys(card)).toEqual(['jpAlonePrice'])
    }
    // The visitor's answer was not replaced by the customer's in the cache.
    expect(priceKeys((await bestList('?language=ja')).list[0] ?? {})).toEqual([])
  })

  it('shows a price changed with its catalog notice on the next call', async () => {
    const { token } = await signedInAccount(t, `best-price-${engine}@example.com`)
    const sevenPrice = async () =>
      (await bestList('?language=zhCn', { token })).list.find((card) => card.id === id.seven)?.cnAlonePrice
    expect(await sevenPrice()).toBe(1200)
    const since = running.cache.invalidations
    await t.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ cnAlonePrice: 2468 })
        .where(eq(products.id, id.seven ?? 0))
      await notifyCatalogChanged(tx, 'product price')
    })
    const deadline = Date.now() + 5_000
    while (running.cache.invalidations === since && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(await sevenPrice()).toBe(2468)
  })

  it('drops sales from the ranking once they are older than 30 days', async () => {
    // Two days on, the 29-day-old order (fiveB's second part, seven) falls out of the window; the
    // safety TTL (60 s) has passed too, so the cached page is built again.
    t.clock.advance(2 * DAY_MS)
    const names = (await bestList('?language=en')).list.map((card) => card.productName)
    expect(names.slice(0, 3)).toEqual(['fiveA', 'fiveB', 'hotNoSales'])
  })

  it('refuses a bad page or language (400 naming the field)', async () => {
    for (const [query, field] of [
      ['pageNum=0', 'pageNum'],
      ['pageSize=1000', 'pageSize'],
      ['language=fr', 'language'],
    ]) {
      const { status, body } = await t.getJson<Envelope<null>>(`/api/mall/product/bestList?${query}`)
      expect(status).toBe(400)
      expect(body.msg.startsWith(`${field}: `), body.msg).toBe(true)
    }
  })
})
