import { count, type SQL } from 'drizzle-orm'
import type { ProductCardDto } from '../../../src/domain/catalog.ts'
import type { Language } from '../../../src/domain/language.ts'
import type { PriceViewer } from '../../../src/domain/price-display.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema.ts'
import { withFavouriteIds } from '../favourites.ts'
import { cardColumns, toProductCard } from './product-cards.ts'

/** Who is asking and in which language: decides the price fields of every card. */
export interface CardAudience {
  viewer: PriceViewer
  language: Language
  /** The signed-in caller, whose favourites get their `bid` on the cards; left out for a visitor. */
  favouritesOf?: number | undefined
}

/** Product cards matching `where`, in `orderBy` order; `limit` caps them. */
export async function selectCards(
  db: Db,
  audience: CardAudience,
  filter: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
): Promise<ProductCardDto[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(filter.where)
    .orderBy(...filter.orderBy)
    .limit(filter.limit)
    .offset(filter.offset ?? 0)
  const cards = rows.map((row) => toProductCard(row, audience.viewer, audience.language))
  // Asked by the page's ids after the page query, rather than joined into it, so the list's plan (and
  // a visitor's query) stays as measured; one extra index probe per call, never one per card.
  return audience.favouritesOf === undefined ? cards : withFavouriteIds(db, audience.favouritesOf, cards)
}

/**
 * One page of product cards and the total of all pages, as two queries. A window count in the page's
 * query was tried and measured slower at 100,000 products: it makes every match go through the page
 * query, where on its own the page often reads only its 30 rows down the id index. A page past the end
 * is empty and still carries the real total.
 */
export async function selectCardPage(
  db: Db,
  audience: CardAudience,
  page: PageQuery,
  filter: { where: SQL | undefined; orderBy: SQL[] },
): Promise<Page<ProductCardDto>> {
  const { pageNum, pageSize } = page
  const [counted, list] = await Promise.all([
    db.select({ total: count() }).from(products).where(filter.where),
    selectCards(db, audience, { ...filter, limit: pageSize, offset: (pageNum - 1) * pageSize }),
  ])
  return { list, total: counted[0]?.total ?? 0, pageNum, pageSize }
}
