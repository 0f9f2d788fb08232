import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { MediaImageDto } from '../../../src/domain/media.ts'
import { createdAt, updatedAt } from './columns.ts'
import { media } from './media.ts'

/* The catalog: categories, series, brands and products. */

/** Two-level category tree; names in Chinese (name), Japanese and English. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    jpName: text('jp_name'),
    enName: text('en_name'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
)

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    jpName: text('jp_name'),
    enName: text('en_name'),
    /** Position on the home page's hot-series area; null = not a hot series. */
    hotRank: integer('hot_rank'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('series_hot_rank_idx').on(t.hotRank).where(sql`${t.hotRank} is not null`)],
)

/** The makers and labels goods come from (backoffice §2); names per language, a logo picture. */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    jpName: text('jp_name'),
    enName: text('en_name'),
    logoMediaId: integer('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
    /** A copy of the logo's media row (media never change), so brand lists join nothing. */
    logo: jsonb('logo').$type<MediaImageDto>(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('brands_sort_idx').on(t.sort, t.id),
    index('brands_name_lower_idx').on(sql`lower(${t.name})`),
  ],
)

/** Availability of a product: on sale, or shown but unavailable (off shelf, sold out for good). */
export const PRODUCT_STATUS = { onSale: 1, unavailable: 2 } as const

/**
 * Every character of a product's three names, lower-cased (the names joined by spaces). pg_trgm cannot
 * index a search shorter than three characters, yet one or two characters are a whole word in Chinese
 * and Japanese ('猫', '初音'); a GIN index on this array finds them. PostgreSQL uses an expression
 * index only for the very same expression, so the search builds its condition with this function.
 */
export function productNameCharacters(names: {
  productName: AnyPgColumn
  jpProductName: AnyPgColumn
  enProductName: AnyPgColumn
}): SQL {
  return sql`regexp_split_to_array(lower(${names.productName} || ' ' || coalesce(${names.jpProductName}, '') || ' ' || coalesce(${names.enProductName}, '')), '')`
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    itemNo: varchar('item_no', { length: 32 }).notNull(),
    /** JAN code (EAN-13) of the single item. */
    janCode: varchar('jan_code', { length: 13 }),
    /** Barcode printed on the outer box, when the item is sold by the box. */
    boxBarcode: varchar('box_barcode', { length: 32 }),
    productName: text('product_name').notNull(),
    jpProductName: text('jp_product_name'),
    enProductName: text('en_product_name'),
    /** Product type 1–9 (spec §4). */
    type: smallint('type').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'set null' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    /** Image URLs, first one is the cover (a plain `src` for each of `images`, or a picture from elsewhere). */
    imgList: jsonb('img_list').$type<string[]>().notNull().default([]),
    /** The pictures uploaded for it, cover first: copies of their media rows, so lists join nothing. */
    images: jsonb('images').$type<MediaImageDto[]>().notNull().default([]),
    /** Estimated shipping weight of one unit in grams; null = not known yet. */
    weightG: integer('weight_g'),
    /** Descriptions per language, HTML sanitised on the way in. */
    description: text('description'),
    jpDescription: text('jp_description'),
    enDescription: text('en_description'),
    /** When the goods go on sale / ship from the maker. */
    sellTime: date('sell_time'),
    /** When pre-orders close. */
    preSellEndTime: timestamp('pre_sell_end_time', { withTimezone: true }),
    releaseDate: date('release_date'),
    // Six price columns, integer yen. A negative value means the price is open to partners only.
    cnAlonePrice: integer('cn_alone_price').notNull(),
    cnBatchPrice: integer('cn_batch_price').notNull(),
    jpAlonePrice: integer('jp_alone_price').notNull(),
    jpBatchPrice: integer('jp_batch_price').notNull(),
    enAlonePrice: integer('en_alone_price').notNull(),
    enBatchPrice: integer('en_batch_price').notNull(),
    isDiscount: boolean('is_discount').notNull().default(false),
    /** Sold with a deposit (front money) rather than paid in full up front. */
    isFront: boolean('is_front').notNull().default(false),
    /** Units per box. */
    boxIn: integer('box_in').notNull().default(1),
    /** Order quantity base: the minimum and step a wholesaler orders in. */
    orderBase: integer('order_base').notNull().default(1),
    stock: integer('stock').notNull().default(0),
    status: smallint('status').notNull().default(PRODUCT_STATUS.onSale),
    // Positions on the home lists; null = not on that list.
    hotRank: integer('hot_rank'),
    newRank: integer('new_rank'),
    recommendRank: integer('recommend_rank'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_item_no_idx').on(t.itemNo),
    index('products_jan_code_idx').on(t.janCode),
    // Item numbers match whatever case the shopper types.
    index('products_item_no_lower_idx').on(sql`lower(${t.itemNo})`),
    index('products_type_idx').on(t.type),
    // The console filters by status alone (every product off sale): its count reads this index only.
    index('products_status_idx').on(t.status),
    index('products_category_idx').on(t.categoryId),
    index('products_series_idx').on(t.seriesId),
    index('products_brand_idx').on(t.brandId),
    index('products_hot_rank_idx').on(t.hotRank).where(sql`${t.hotRank} is not null`),
    index('products_new_rank_idx').on(t.newRank).where(sql`${t.newRank} is not null`),
    index('products_recommend_rank_idx').on(t.recommendRank).where(sql`${t.recommendRank} is not null`),
    index('products_name_trgm_idx').using('gin', sql`${t.productName} gin_trgm_ops`),
    index('products_jp_name_trgm_idx').using('gin', sql`${t.jpProductName} gin_trgm_ops`),
    index('products_en_name_trgm_idx').using('gin', sql`${t.enProductName} gin_trgm_ops`),
    index('products_name_chars_idx').using('gin', productNameCharacters(t)),
    // Box barcodes are searched exactly, like JAN codes.
    index('products_box_barcode_idx').on(t.boxBarcode),
    check('products_type_check', sql`${t.type} between 1 and 9`),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_box_in_check', sql`${t.boxIn} >= 1`),
    check('products_order_base_check', sql`${t.orderBase} >= 1`),
    check('products_status_check', sql`${t.status} in (1, 2)`),
    check('products_weight_check', sql`${t.weightG} is null or ${t.weightG} between 1 and 100000`),
  ],
)

/**
 * What the shop's search reads: one narrow row per product (its filters and its three names, lower-
 * cased, one per line), kept by a trigger on `products` (migration 0017), so every way a product is
 * written (the console, the import, the seed) keeps it right. A search visits hundreds of rows; here
 * they are ~150 bytes instead of a product's ~1.2 KB (descriptions, pictures), and its indexes are small.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    type: smallint('type').notNull(),
    categoryId: integer('category_id'),
    seriesId: integer('series_id'),
    brandId: integer('brand_id'),
    /** lower(product name) \n lower(Japanese name) \n lower(English name). */
    names: text('names').notNull(),
  },
  (t) => [
    // three characters and more: LIKE '%…%' through trigrams
    index('product_search_names_trgm_idx').using('gin', sql`${t.names} gin_trgm_ops`),
    // one or two: pg_trgm cannot index them; the characters can (see searchedCharacters)
    index('product_search_chars_idx').using('gin', searchedCharacters(t.names)),
  ],
)

/**
 * The characters of the search's names, as the index holds them: a search of one or two characters
 * asks for products holding them all. PostgreSQL uses an expression index only for the very same
 * expression, so the search builds its condition with this function.
 */
export function searchedCharacters(names: AnyPgColumn | SQL): SQL {
  return sql`regexp_split_to_array(${names}, '')`
}
