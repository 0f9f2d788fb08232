import { and, desc, eq, gt, ilike, inArray, like, lte, or, type SQL, sql } from 'drizzle-orm'
import type { SearchPage } from '../../../src/domain/catalog.ts'
import type { ProductListQuery } from '../../../src/domain/list-queries.ts'
import { ProductType } from '../../../src/domain/product-type.ts'
import type { PageQuery } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import {
  PRODUCT_STATUS,
  productNameCharacters,
  productSearch,
  products,
  searchedCharacters,
} from '../../db/schema.ts'
import { type CardAudience, selectCardPage, selectCards } from './card-pages.ts'
import { categoryAndChildrenIds } from './categories.ts'

/** The category id of the tree's synthetic "All" entry (spec §3 'Category'). */
const ALL_CATEGORIES = 0

/** Keywords for a LIKE pattern: %, _ and \ in them match themselves, not anything. */
const escapeLike = (keywords: string) => keywords.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** Keywords as a LIKE pattern for "contains". */
export function containsPattern(keywords: string): string {
  return `%${escapeLike(keywords)}%`
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
 * How many name matches a search ranks, the newest first: past this many, the shopper is told there
 * are more (`more`) rather than the search counting every match. Counting reads every matching row,
 * and a word in a quarter of all names matches 25,000 rows of 100,000: more than the search's budget
 * (20 ms at 100,000 products on PGlite) allows, for a number nobody pages through.
 */
export const SEARCH_RANKED_MAX = 300

/** Does a name of `product_search` (lower-cased, one per line) contain the keywords: LIKE is the truth. */
const namesContain = (keywords: string) => like(productSearch.names, containsPattern(keywords))

/** The products holding every character of one or two: what the characters' index answers. */
const holdsCharacters = (keywords: string) =>
  sql`${searchedCharacters(productSearch.names)} @> regexp_split_to_array(${keywords}, '')`

/** How many rows the planner expects `query` to give: a planning, no rows read. */
async function plannedRows(db: Db, query: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${query}`)
  const plan = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]?.['QUERY PLAN']
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }]
  return parsed[0].Plan['Plan Rows']
}

/**
 * The newest name matches of a keyword of one or two characters, at most `limit`. pg_trgm cannot index
 * them; the characters' index can, but visiting every match through it is slow for a common word
 * (28,000 of 1,000,000 products: 180 ms on PostgreSQL), where reading down the ids finds the newest
 * few hundred in a few thousand rows (7 ms); and the planner, multiplying its estimates, takes a common
 * pair for a rare one. So: the rarest of the characters bounds how common the keyword can be; the
 * newest ids that should hold `limit` matches at that rate are read down the id index, and only if they
 * hold fewer does the characters' index find the rest among the older ids (a rarer word than it
 * looked: few matches to visit).
 */
/** The newest name matches under `where`, at most `take`, each saying whether a name begins with the keywords. */
const newestNameMatches = (db: Db, keywords: string, where: SQL | undefined, take: number) =>
  db
    .select({ id: productSearch.productId, startsAName: sql<boolean>`${startsAName(keywords)}` })
    .from(productSearch)
    .where(where)
    .orderBy(desc(productSearch.productId))
    .limit(take)

async function newestShortMatches(db: Db, keywords: string, filters: SQL[], limit: number) {
  const characters = [...new Set(keywords)]
  const [all, newest, ...holding] = await Promise.all([
    plannedRows(db, sql`select 1 from ${productSearch}`),
    db.select({ id: sql<number | null>`max(${productSearch.productId})` }).from(productSearch),
    ...characters.map((character) =>
      plannedRows(db, sql`select 1 from ${productSearch} where ${holdsCharacters(character)}`),
    ),
  ])
  const atMost = Math.max(1, Math.min(...holding))
  const window = Math.ceil((2 * limit * all) / atMost)
  const newestId = newest[0]?.id ?? 0
  const select = (where: SQL | undefined, take: number) => newestNameMatches(db, keywords, where, take)
  const byCharacters = and(...filters, namesContain(keywords), holdsCharacters(keywords))
  if (window >= all) return select(byCharacters, limit)
  const floor = newestId - window
  const recent = await select(
    and(...filters, namesContain(keywords), gt(productSearch.productId, floor)),
    limit,
  )
  if (recent.length >= limit) return recent
  const older = await select(and(byCharacters, lte(productSearch.productId, floor)), limit - recent.length)
  return [...recent, ...older]
}

/** A name begins with the keywords: the first relevance tier after exact codes. */
function startsAName(keywords: string): SQL {
  const escaped = escapeLike(keywords)
  return sql`(${productSearch.names} like ${`${escaped}%`} or ${productSearch.names} like ${`%\n${escaped}%`})`
}

/**
 * Keyword search, in order: products whose item number, JAN code or box barcode is the keywords; then
 * those with a name beginning with them; then those with a name containing them; the newest first
 * within each. Name matches are ranked among the newest SEARCH_RANKED_MAX, read down the id index (a
 * common word) or through the names' indexes (a rare one), as the planner finds cheaper.
 */
async function searchByKeywords(
  db: Db,
  keywords: string,
  filters: SQL[],
  page: PageQuery,
  audience: CardAudience,
): Promise<SearchPage> {
  const lowered = keywords.toLowerCase()
  const [codes, named] = await Promise.all([
    exactCodeHits(db, keywords).then((hits) =>
      hits.length === 0
        ? []
        : db
            .select({ id: productSearch.productId })
            .from(productSearch)
            .where(and(inArray(productSearch.productId, hits), ...filters))
            .orderBy(desc(productSearch.productId)),
    ),
    [...lowered].length > 2
      ? newestNameMatches(db, lowered, and(...filters, namesContain(lowered)), SEARCH_RANKED_MAX + 1)
      : newestShortMatches(db, lowered, filters, SEARCH_RANKED_MAX + 1),
  ])
  const more = named.length > SEARCH_RANKED_MAX
  const codeIds = codes.map((row) => row.id)
  const isCode = new Set(codeIds)
  const ranked = named.slice(0, SEARCH_RANKED_MAX).filter((row) => !isCode.has(row.id))
  const ids = [
    ...codeIds,
    ...ranked.filter((row) => row.startsAName).map((row) => row.id),
    ...ranked.filter((row) => !row.startsAName).map((row) => row.id),
  ]
  const { pageNum, pageSize } = page
  const pageIds = ids.slice((pageNum - 1) * pageSize, pageNum * pageSize)
  const cards =
    pageIds.length === 0
      ? []
      : await selectCards(db, audience, {
          where: inArray(products.id, pageIds),
          orderBy: [],
          limit: pageSize,
        })
  const position = new Map(pageIds.map((id, index) => [id, index]))
  cards.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
  return { list: cards, total: ids.length, pageNum, pageSize, more }
}

/**
 * GET /mall/product/search: on-sale products whose item number, JAN code or box barcode is exactly the
 * keywords, or whose name in any language contains them (searchByKeywords); in a category (with its
 * children), a series, a brand, a type. Without keywords: every product the filters keep, the newest
 * first, with the exact total.
 */
export async function searchProducts(
  db: Db,
  query: ProductListQuery,
  audience: CardAudience,
): Promise<SearchPage> {
  const { keywords, category, series, brandId, type } = query
  if (keywords !== undefined) {
    const filters: SQL[] = [eq(productSearch.status, PRODUCT_STATUS.onSale)]
    if (category !== ALL_CATEGORIES) {
      // the ids themselves, not a subquery: the planner then knows how many products they hold (with a
      // subquery it guessed 2 % of 30 %, and read every keyword match to join them)
      const ids = (await categoryAndChildrenIds(db, category)).map((row) => row.id)
      filters.push(inArray(productSearch.categoryId, ids.length > 0 ? ids : [-1]))
    }
    if (series !== undefined) filters.push(eq(productSearch.seriesId, series))
    if (brandId !== undefined) filters.push(eq(productSearch.brandId, brandId))
    if (type !== ProductType.all) filters.push(eq(productSearch.type, type))
    return searchByKeywords(db, keywords, filters, query, audience)
  }
  const conditions: SQL[] = [eq(products.status, PRODUCT_STATUS.onSale)]
  if (category !== ALL_CATEGORIES) {
    conditions.push(inArray(products.categoryId, categoryAndChildrenIds(db, category)))
  }
  if (series !== undefined) conditions.push(eq(products.seriesId, series))
  if (brandId !== undefined) conditions.push(eq(products.brandId, brandId))
  if (type !== ProductType.all) conditions.push(eq(products.type, type))
  const page = await selectCardPage(db, audience, query, {
    where: and(...conditions),
    orderBy: [desc(products.id)],
  })
  return { ...page, more: false }
}
