import { sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { notifyCatalogChanged } from '../../services/catalog-changes.ts'
import { sanitiseHtml } from '../../services/html-sanitiser.ts'
import { createLocalMediaStore } from '../../services/media/local-media-store.ts'
import type { MediaStore } from '../../services/media/media-store.ts'
import { writeShopSettings } from '../../services/shop-settings.ts'
import type { Db } from '../client.ts'
import {
  announcements,
  articles,
  banners,
  brands,
  categories,
  customerServiceContacts,
  products,
  series,
} from '../schema.ts'
import {
  DEFAULT_DEMO_PRODUCTS,
  DEFAULT_DEMO_SEED,
  DEMO_ITEM_NO_PREFIX,
  type DemoProduct,
  generateDemoCatalog,
  generateDemoProducts,
} from './demo-catalog.ts'
import { writeDemoImages } from './demo-images.ts'
import { demoImagesOf, prepareDemoMedia, recordDemoMedia } from './demo-media.ts'
import { DEMO_SHOP_SETTINGS, demoCustomerServiceContacts } from './demo-service.ts'

/** Held for the seeding transaction, so two servers on one PostgreSQL cannot both seed. */
const SEED_LOCK = 7_140_002

export interface SeedOptions {
  products?: number
  seed?: number
  /** Sale dates are spread around this day; defaults to now. */
  today?: Date
  /**
   * Where the demo drawings (`demo/*.svg`) and the demo products' pictures, stored once through the
   * upload pipeline, go. Without it (nor mediaDir) nothing is stored and products get only their imgList.
   */
  mediaStore?: MediaStore
  /** Shorthand for a local store in this folder, when mediaStore is absent. */
  mediaDir?: string
}

async function lockSeeding(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
}

/** After inserting explicit ids, moves the serial past them so the next ordinary insert does not collide. */
async function bumpSequence(tx: Db, table: PgTable, tableName: string): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${tableName}, 'id'), (select max(id) from ${table}))`,
  )
}

/** The HTML columns of a notice or article, cleaned the way every stored notice must be. */
function withSanitisedContent<T extends { content: string; jpContent: string; enContent: string }>(
  row: T,
): T {
  return {
    ...row,
    content: sanitiseHtml(row.content),
    jpContent: sanitiseHtml(row.jpContent),
    enContent: sanitiseHtml(row.enContent),
  }
}

/**
 * Fills an empty catalog with the demo data, in one transaction: catalog, pages, customer-service
 * contacts and the demo charge settings. Does nothing when any category exists:
 * the shop's own data, or an earlier seed, is never touched.
 */
export async function seedDemoCatalog(
  db: Db,
  options: SeedOptions = {},
): Promise<{ seeded: boolean; products: number }> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED
  const today = options.today ?? new Date()
  const count = options.products ?? DEFAULT_DEMO_PRODUCTS
  const store = options.mediaStore ?? (options.mediaDir ? createLocalMediaStore(options.mediaDir) : undefined)
  if (store) await writeDemoImages(store)
  // Encoded before the transaction (seconds of CPU); new pictures only when the catalog is to be seeded.
  const catalogExists = async (reader: Db) =>
    (await reader.select({ id: categories.id }).from(categories).limit(1)).length > 0
  const demoMedia =
    store &&
    (await prepareDemoMedia(db, store, {
      encodeNew: !(await catalogExists(db)),
      // The products are generated again in the transaction, identically: only their pictures are encoded.
      urls: new Set(
        [...generateDemoProducts({ seed, today, count })].flat().flatMap((product) => product.imgList),
      ),
    }))
  const catalog = generateDemoCatalog({ seed, today })

  return db.transaction(async (tx) => {
    await lockSeeding(tx)
    if (await catalogExists(tx)) return { seeded: false, products: 0 }

    // Parents first: children refer to them.
    await tx.insert(categories).values(catalog.categories.filter((c) => c.parentId === null))
    await tx.insert(categories).values(catalog.categories.filter((c) => c.parentId !== null))
    await tx.insert(series).values(catalog.series)
    await tx.insert(brands).values(catalog.brands)
    const imagesByUrl = store && demoMedia ? await recordDemoMedia(tx, store, demoMedia) : new Map()
    let inserted = 0
    for (const batch of generateDemoProducts({ seed, today, count })) {
      await tx
        .insert(products)
        .values(batch.map((product) => ({ ...product, images: demoImagesOf(product.imgList, imagesByUrl) })))
      inserted += batch.length
    }
    await tx.insert(banners).values(catalog.banners)
    await tx.insert(announcements).values(catalog.announcements.map(withSanitisedContent))
    await tx.insert(articles).values(catalog.articles.map(withSanitisedContent))
    await tx.insert(customerServiceContacts).values(demoCustomerServiceContacts())
    await writeShopSettings(tx, DEMO_SHOP_SETTINGS)

    await bumpSequence(tx, categories, 'categories')
    await bumpSequence(tx, series, 'series')
    await bumpSequence(tx, brands, 'brands')
    await bumpSequence(tx, articles, 'articles')
    await notifyCatalogChanged(tx, 'seeded the demo catalog')
    return { seeded: true, products: inserted }
  })
}

/** The highest number among `YK-<digits>` item numbers, 0 when there is none. */
async function lastDemoItemNumber(tx: Db): Promise<number> {
  const pattern = `^${DEMO_ITEM_NO_PREFIX}[0-9]{1,15}$`
  // A literal position: a bind parameter of unknown type would pick substring's regex overload.
  const digitsFrom = sql.raw(String(DEMO_ITEM_NO_PREFIX.length + 1))
  const [row] = await tx
    .select({
      last: sql<string>`coalesce(max(substring(${products.itemNo} from ${digitsFrom})::bigint), 0)::text`,
    })
    .from(products)
    .where(sql`${products.itemNo} ~ ${pattern}`)
  return Number(row?.last ?? 0)
}

/**
 * Adds `products` more demo products to a catalog (for benchmarks). Numbering continues after the
 * highest demo item number, so item numbers and JAN codes stay unique. Categories or series the shop
 * has deleted since seeding are left empty (null) rather than failing the insert.
 */
export async function appendDemoProducts(
  db: Db,
  options: { products: number; seed?: number; today?: Date },
): Promise<{ products: number }> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED
  const today = options.today ?? new Date()

  const appended = await db.transaction(async (tx) => {
    await lockSeeding(tx)
    const firstIndex = await lastDemoItemNumber(tx)
    const categoryIds = new Set((await tx.select({ id: categories.id }).from(categories)).map((r) => r.id))
    const seriesIds = new Set((await tx.select({ id: series.id }).from(series)).map((r) => r.id))
    const brandIds = new Set((await tx.select({ id: brands.id }).from(brands)).map((r) => r.id))
    const withExistingRefs = (product: DemoProduct) => ({
      ...product,
      brandId: brandIds.has(product.brandId) ? product.brandId : null,
      categoryId: categoryIds.has(product.categoryId) ? product.categoryId : null,
      seriesId: seriesIds.has(product.seriesId) ? product.seriesId : null,
    })

    let inserted = 0
    for (const batch of generateDemoProducts({
      seed,
      today,
      count: options.products,
      firstIndex,
      ranked: false,
    })) {
      await tx.insert(products).values(batch.map(withExistingRefs))
      inserted += batch.length
    }
    await notifyCatalogChanged(tx, 'appended demo products')
    return { products: inserted }
  })
  await refreshCatalogStatistics(db)
  return appended
}

/**
 * PGlite runs no autovacuum: without fresh statistics and flushed GIN pending lists, searches on a
 * seeded or grown catalog pick slow plans (measured 2–5× slower at 100k, and at 100k a first search
 * read the whole search table for want of row counts). PostgreSQL would get there by itself, later.
 */
export async function refreshCatalogStatistics(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze products`)
  // the search's own table, filled by the products' trigger
  await db.execute(sql`vacuum analyze product_search`)
}
