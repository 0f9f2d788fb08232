import { count, desc, eq, sql } from 'drizzle-orm'
import type { ProductCardDto } from '../../../src/domain/catalog.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { PRODUCT_STATUS, products } from '../../db/schema.ts'
import { withFavouriteIds } from '../favourites.ts'
import type { CardAudience } from './card-pages.ts'
import { paidSalesSince } from './paid-sales.ts'
import { cardColumns, toProductCard } from './product-cards.ts'

const onSale = eq(products.status, PRODUCT_STATUS.onSale)

/**
 * GET /mall/product/bestList: on-sale products by the units paid for in the last 30 days of the shop
 * clock, ties by the newest. The products that sold nothing follow, by hot rank and then the newest:
 * a new shop, or a quiet month, still shows a full page rather than an empty one, and the sellers,
 * when there are some, always come first. The total is therefore every product on sale.
 */
export async function pageBestSellers(
  db: Db,
  audience: CardAudience,
  page: PageQuery,
  now: Date,
): Promise<Page<ProductCardDto>> {
  const { pageNum, pageSize } = page
  const sales = paidSalesSince(db, now)
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(products).where(onSale),
    db
      .select(cardColumns)
      .from(products)
      .leftJoin(sales, eq(sales.productId, products.id))
      .where(onSale)
      .orderBy(
        sql`${sales.sold} desc nulls last`,
        // Hot rank orders only the products that sold nothing; sellers with equal sales go newest first.
        sql`case when ${sales.sold} is null then ${products.hotRank} end asc nulls last`,
        desc(products.id),
      )
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
  ])
  const cards = rows.map((row) => toProductCard(row, audience.viewer, audience.language))
  const list =
    audience.favouritesOf === undefined ? cards : await withFavouriteIds(db, audience.favouritesOf, cards)
  return { list, total: counted[0]?.total ?? 0, pageNum, pageSize }
}
