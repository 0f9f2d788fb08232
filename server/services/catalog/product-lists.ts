import { and, asc, desc, eq, isNotNull, type SQL } from 'drizzle-orm'
import { HOME_LIST_SIZE, type ProductCardDto } from '../../../src/domain/catalog.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { PRODUCT_STATUS, products } from '../../db/schema.ts'
import { type CardAudience, selectCardPage, selectCards } from './card-pages.ts'
import { cardColumns } from './product-cards.ts'

/** The product lists of the home page and their "more" pages. */
export type ProductListName = 'hot' | 'new' | 'recommend' | 'discount'

const onSale = eq(products.status, PRODUCT_STATUS.onSale)

/** Which products a list holds and in what order; id breaks ties so pages never overlap. */
const LISTS: Record<ProductListName, { where: SQL | undefined; orderBy: SQL[] }> = {
  hot: {
    where: and(onSale, isNotNull(products.hotRank)),
    orderBy: [asc(products.hotRank), asc(products.id)],
  },
  new: {
    where: and(onSale, isNotNull(products.newRank)),
    orderBy: [asc(products.newRank), asc(products.id)],
  },
  recommend: {
    where: and(onSale, isNotNull(products.recommendRank)),
    orderBy: [asc(products.recommendRank), asc(products.id)],
  },
  // Discounted products carry no rank: the newest come first.
  discount: {
    where: and(onSale, eq(products.isDiscount, true)),
    orderBy: [desc(products.createdAt), desc(products.id)],
  },
}

/** A home-page list: on-sale products only, at most HOME_LIST_SIZE. */
export function listProducts(
  db: Db,
  list: ProductListName,
  audience: CardAudience,
): Promise<ProductCardDto[]> {
  return selectCards(db, audience, { ...LISTS[list], limit: HOME_LIST_SIZE })
}

/** The same list, paged, with its total. */
export function pageProducts(
  db: Db,
  list: ProductListName,
  audience: CardAudience,
  page: PageQuery,
): Promise<Page<ProductCardDto>> {
  return selectCardPage(db, audience, page, LISTS[list])
}

/** The pictures of the first `count` products on a page of a list, for that page's HTML skeleton. */
export function coversOnPage(db: Db, list: ProductListName, page: PageQuery, count: number) {
  const { where, orderBy } = LISTS[list]
  return db
    .select({ imgList: cardColumns.imgList, cover: cardColumns.cover })
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(count)
    .offset((page.pageNum - 1) * page.pageSize)
}
