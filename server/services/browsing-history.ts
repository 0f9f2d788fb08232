import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { HistoryEntryDto } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import type { PriceViewer } from '../../src/domain/price-display.ts'
import type { Page, PageQuery } from '../../src/domain/queries.ts'
import type { Db } from '../db/client.ts'
import { browsingHistory, favourites, products } from '../db/schema.ts'
import { cardColumns, toProductCard } from './catalog/product-cards.ts'

/** Records that a signed-in shopper opened a product: one row per product, moved to the top each time. */
export async function recordProductView(db: Db, userId: number, productId: number, at: Date): Promise<void> {
  await db
    .insert(browsingHistory)
    .values({ userId, productId, viewedAt: at })
    .onConflictDoUpdate({
      target: [browsingHistory.userId, browsingHistory.productId],
      set: { viewedAt: sql`excluded.viewed_at` },
    })
}

/**
 * One page of a shopper's history, the most recently opened first. Products taken off sale since stay
 * listed: the shopper did open them, and the card says they are unavailable.
 */
export async function listBrowsingHistory(
  db: Db,
  userId: number,
  options: PageQuery & { viewer: PriceViewer; language: Language },
): Promise<Page<HistoryEntryDto>> {
  const { pageNum, pageSize, viewer, language } = options
  const ownRows = eq(browsingHistory.userId, userId)
  const [totalRow] = await db.select({ total: count() }).from(browsingHistory).where(ownRows)
  const rows = await db
    .select({ ...cardColumns, viewedAt: browsingHistory.viewedAt, bid: favourites.id })
    .from(browsingHistory)
    .innerJoin(products, eq(products.id, browsingHistory.productId))
    .leftJoin(
      favourites,
      and(eq(favourites.userId, browsingHistory.userId), eq(favourites.productId, browsingHistory.productId)),
    )
    .where(ownRows)
    // Ties (two products opened in the same millisecond) still page stably.
    .orderBy(desc(browsingHistory.viewedAt), desc(browsingHistory.productId))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
  return {
    list: rows.map(({ viewedAt, bid, ...card }) => ({
      ...toProductCard(card, viewer, language),
      ...(bid === null ? {} : { bid }),
      viewedAt: viewedAt.toISOString(),
    })),
    total: totalRow?.total ?? 0,
    pageNum,
    pageSize,
  }
}

/** Removes one product from a shopper's history, or all of it when `productId` is undefined. */
export async function removeBrowsingHistory(
  db: Db,
  userId: number,
  productId: number | undefined,
): Promise<{ removed: number }> {
  const conditions: SQL[] = [eq(browsingHistory.userId, userId)]
  if (productId !== undefined) conditions.push(eq(browsingHistory.productId, productId))
  const removed = await db
    .delete(browsingHistory)
    .where(and(...conditions))
    .returning({ productId: browsingHistory.productId })
  return { removed: removed.length }
}
