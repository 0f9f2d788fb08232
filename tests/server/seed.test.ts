import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, countDistinct, eq, isNotNull } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts'
import {
  announcements,
  articles,
  banners,
  categories,
  customerServiceContacts,
  products,
  series,
} from '../../server/db/schema.ts'
import { appendDemoProducts, seedDemoCatalog } from '../../server/db/seed/seed.ts'
import { sanitiseHtml } from '../../server/services/html-sanitiser.ts'
import { readShopSettings, writeShopSettings } from '../../server/services/shop-settings.ts'

const today = new Date('2025-06-15T03:00:00Z')
let database: DatabaseHandle
let mediaDir: string

async function rowCount(table: PgTable): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

async function counts() {
  return {
    categories: await rowCount(categories),
    series: await rowCount(series),
    products: await rowCount(products),
    banners: await rowCount(banners),
    announcements: await rowCount(announcements),
    articles: await rowCount(articles),
  }
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' })
  mediaDir = await mkdtemp(join(tmpdir(), 'yoyaku-seed-'))
})

afterAll(async () => {
  await database?.close()
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true })
})

describe('seedDemoCatalog', () => {
  it('seeds an empty catalog once, and leaves a seeded one alone', async () => {
    const first = await seedDemoCatalog(database.db, { today, mediaDir })
    expect(first).toEqual({ seeded: true, products: 320 })
    const afterFirst = await counts()
    expect(afterFirst).toEqual({
      categories: 40,
      series: 34,
      products: 320,
      banners: 5,
      announcements: 5,
      articles: 12,
    })
    expect((await readdir(join(mediaDir, 'demo'))).length).toBe(65)

    const second = await seedDemoCatalog(database.db, { today, products: 50 })
    expect(second.seeded).toBe(false)
    expect(await counts()).toEqual(afterFirst)
  })

  it('stores the tree, the VIP article and the home-list ranks', async () => {
    const db = database.db
    const [vip] = await db.select().from(articles).where(eq(articles.id, 180))
    expect(vip?.type).toBe(2)
    const [children] = await db.select({ n: count() }).from(categories).where(isNotNull(categories.parentId))
    expect(children?.n).toBe(32)
    const [hot] = await db.select({ n: count() }).from(products).where(isNotNull(products.hotRank))
    expect(hot?.n).toBeGreaterThanOrEqual(12)
  })

  it('adds customer-service contacts whose pictures exist, and the demo charge settings', async () => {
    const contacts = await database.db.select().from(customerServiceContacts)
    expect(contacts).toHaveLength(3)
    const pictures = contacts.flatMap((c) => (c.qrcodeUrl ? [c.qrcodeUrl] : []))
    expect(pictures.length).toBeGreaterThan(0)
    expect(pictures.length).toBeLessThan(contacts.length)
    const written = await readdir(join(mediaDir, 'demo'))
    for (const url of pictures) expect(written).toContain(url.replace(/^\/media\/demo\//, ''))
    for (const contact of contacts) expect(contact.qrcodeUrl ?? contact.email).toBeTruthy()

    expect(await readShopSettings(database.db)).toEqual({
      charge: { discount: 0.95, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: 0.0476 },
      maxRate: 0.05,
    })
  })

  it('stores notices and articles as sanitised HTML', async () => {
    const rows = [
      ...(await database.db.select().from(announcements)),
      ...(await database.db.select().from(articles)),
    ]
    for (const row of rows) {
      for (const html of [row.content, row.jpContent, row.enContent]) {
        expect(html).toMatch(/^<p>/)
        expect(sanitiseHtml(html ?? '')).toBe(html)
      }
    }
  })

  it('leaves the shop’s own settings alone when the catalog is already there', async () => {
    const own = {
      charge: { discount: 0.9, platPercent: 0.02, frontMoney: 0.5, settlePercent: 0.01, rate: 0.05 },
      maxRate: 0.055,
    }
    await writeShopSettings(database.db, own)
    expect((await seedDemoCatalog(database.db, { today })).seeded).toBe(false)
    expect(await readShopSettings(database.db)).toEqual(own)
    expect(await database.db.select().from(customerServiceContacts)).toHaveLength(3)
  })

  it('moves the id sequences past the explicit ids', async () => {
    const db = database.db
    const [category] = await db.insert(categories).values({ name: '测试' }).returning({ id: categories.id })
    const [article] = await db
      .insert(articles)
      .values({ type: 1, name: '测试' })
      .returning({ id: articles.id })
    const [added] = await db.insert(series).values({ name: '测试' }).returning({ id: series.id })
    expect(category?.id).toBe(41)
    expect(article?.id).toBe(182)
    expect(added?.id).toBe(35)
  })
})

describe('appendDemoProducts', () => {
  it('adds more products with unique item numbers and JAN codes', async () => {
    const result = await appendDemoProducts(database.db, { products: 1500, today })
    expect(result.products).toBe(1500)
    const [row] = await database.db
      .select({
        total: count(),
        itemNos: countDistinct(products.itemNo),
        jans: countDistinct(products.janCode),
      })
      .from(products)
    expect(row).toEqual({ total: 1820, itemNos: 1820, jans: 1820 })

    // Appending again continues after the last item number rather than colliding with it.
    await appendDemoProducts(database.db, { products: 10, today, seed: 99 })
    expect(await rowCount(products)).toBe(1830)
  })
})
