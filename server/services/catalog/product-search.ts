import { and, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm'
import type { ProductCardDto } from '../../../src/domain/catalog.ts'
import type { ProductListQuery } from '../../../src/domain/list-queries.ts'
import { ProductType } from '../../../src/domain/product-type.ts'
import type { Page } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { PRODUCT_STATUS, productNameCharacters, products } from '../../db/schema.ts'
import { type CardAudience, selectCardPage } from './card-pages.ts'
import { categoryAndChildrenIds } from './categories.ts'

/** The category id of the tree's synthetic "All" entry (spec §3 'Category'). */
const ALL_CATEGORIES = 0

/** Keywords as a LIKE pattern for "contains": %, _ and \ in them match themselves, not anything. */
export function containsPattern(keywords: string): string {
  return `%${keywords.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/**
 * Products whose item number (any case), JAN code or box barcode is exactly the keywords: three index
 * probes. Asked on their own rather than OR-ed into the name match, so that the usual search, which
 * hits no code, keeps a plan the name indexes alone answer.
 */
export async function exactCodeHits(db: Db, keywords: string): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      or(
        sql`lower(${products.itemNo}) = lower(${keywords})`,
        eq(products.janCode, keywords),
        eq(products.boxBarcode, keywords),
      ),
    )
  return rows.map((row) => row.id)
}

/**
 * Any of the three names contains the keywords, in any case. Three characters and more are found
 * through the names' trigram indexes. pg_trgm cannot index fewer, so one or two characters go through
 * the index of the names' characters: for one character, holding it is the whole condition; for two,
 * the products holding both are then checked for the pair.
 */
export function nameMatch(keywords: string): SQL | undefined {
  const pattern = containsPattern(keywords)
  // Keywords without upper or lower case (Chinese, Japanese, digits) match the same either way, and
  // LIKE skips lower-casing every name it reads, which is most of ILIKE's cost.
  const hasCase = keywords.toLowerCase() !== keywords || keywords.toUpperCase() !== keywords
  const matches = hasCase ? ilike : like
  const contains = or(
    matches(products.productName, pattern),
    matches(products.jpProductName, pattern),
    matches(products.enProductName, pattern),
  )
  const characters = [...keywords].length
  if (characters > 2) return contains
  const holdsEveryCharacter = sql`${productNameCharacters(products)} @> regexp_split_to_array(lower(${keywords}), '')`
  return characters === 1 ? holdsEveryCharacter : and(holdsEveryCharacter, contains)
}

/**
 * GET /mall/product/search: on-sale products whose item number, JAN code or box barcode is exactly the
 * keywords, or whose name in any language contains them; in a category (with its children), a series,
 * a brand, a type. Exact code hits come first, then the newest.
 */
export async function searchProducts(
  db: Db,
  query: ProductListQuery,
  audience: CardAudience,
): Promise<Page<ProductCardDto>> {
  const { keywords, category, series, brandId, type } = query
  const conditions: (SQL | undefined)[] = [eq(products.status, PRODUCT_STATUS.onSale)]
  if (category !== ALL_CATEGORIES) {
    conditions.push(inArray(products.categoryId, categoryAndChildrenIds(db, category)))
  }
  if (series !== undefined) conditions.push(eq(products.seriesId, series))
  if (brandId !== undefined) conditions.push(eq(products.brandId, brandId))
  if (type !== ProductType.all) conditions.push(eq(products.type, type))
  const orderBy: SQL[] = []
  if (keywords !== undefined) {
    const codeHits = await exactCodeHits(db, keywords)
    if (codeHits.length === 0) {
      conditions.push(nameMatch(keywords))
    } else {
      const isCodeHit = inArray(products.id, codeHits)
      conditions.push(or(isCodeHit, nameMatch(keywords)))
      orderBy.push(sql`case when ${isCodeHit} then 0 else 1 end`)
    }
  }
  orderBy.push(desc(products.id))
  return selectCardPage(db, audience, query, { where: and(...conditions), orderBy })
}
