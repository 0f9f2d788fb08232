import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FavouriteToggleDto, ProductCardDto } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import type { PriceViewer } from '../../src/domain/price-display.ts'
import type { Page, PageQuery } from '../../src/domain/queries.ts'
import type { Db } from '../db/client.ts'
import { favourites, productAlerts, products } from '../db/schema.ts'
import { orderable } from './alerts/orderable.ts'
import { watchIfUnorderable } from './alerts/product-alerts.ts'
import { cardColumns, toProductCard } from './catalog/product-cards.ts'

/** A card of the favourites list: always a favourite, so its `bid` is always there. */
/**
 * A card of the favourites list: its favourite id, whether the product can be ordered now and whether
 * the shopper waits to hear when it can (an alert).
 */
export type FavouriteCardDto = ProductCardDto & { bid: number; orderable: boolean; alerted: boolean }

/** The favourite id (`bid`) of a product in a shopper's favourites, or undefined. */
export async function favouriteIdOf(db: Db, userId: number, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: favourites.id })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)))
  return row?.id
}

/**
 * Marks the cards the shopper has among their favourites with the favourite's id (`bid`), in one query
 * for the whole list (the unique (user, product) index answers it), whatever the list's size.
 */
export async function withFavouriteIds<Card extends ProductCardDto>(
  db: Db,
  userId: number,
  cards: Card[],
): Promise<Card[]> {
  if (cards.length === 0) return cards
  const rows = await db
    .select({ productId: favourites.productId, bid: favourites.id })
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        inArray(
          favourites.productId,
          cards.map((card) => card.id),
        ),
      ),
    )
  return markFavourites(cards, new Map(rows.map((row) => [row.productId, row.bid])))
}

/** The cards with the `bid` of those among `bidOf` (product id to favourite id); unmarked cards are kept as they are. */
export function markFavourites<Card extends ProductCardDto>(
  cards: Card[],
  bidOf: ReadonlyMap<number, number>,
): Card[] {
  if (bidOf.size === 0) return cards
  return cards.map((card) => {
    const bid = bidOf.get(card.id)
    return bid === undefined ? card : { ...card, bid }
  })
}

/**
 * All of a shopper's favourites, product id to favourite id, for a per-process cache to mark any list
 * with; undefined when there are more than `atMost` (such a shopper's lists are marked one query each).
 */
export async function favouriteIdsOf(
  db: Db,
  userId: number,
  atMost: number,
): Promise<ReadonlyMap<number, number> | undefined> {
  const rows = await db
    .select({ productId: favourites.productId, bid: favourites.id })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .limit(atMost + 1)
  if (rows.length > atMost) return undefined
  return new Map(rows.map((row) => [row.productId, row.bid]))
}

/** Advisory-lock class of a shopper's favourite changes (two-key form: class, user id). */
const FAVOURITE_TOGGLE_LOCK = 7_140_003

/**
 * Takes the shopper's favourites lock for the rest of the transaction: every change to a shopper's
 * favourites (toggle, set, clear) holds it, so calls at once act as calls in a row.
 */
async function lockFavouritesOf(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FAVOURITE_TOGGLE_LOCK}::int4, ${userId}::int4)`)
}

/** Whether the product exists, holding it (key share) so it cannot be deleted before an insert refers to it. */
async function holdProduct(tx: Db, productId: number): Promise<boolean> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('key share')
  return product !== undefined
}

/**
 * Adds the favourite if it is not there; answers the favourite's id either way. A product favourited
 * while it cannot be ordered is watched too: the shopper hears when it can be (an alert, on by default).
 */
async function addFavourite(tx: Db, userId: number, productId: number): Promise<FavouriteToggleDto> {
  const [added] = await tx
    .insert(favourites)
    .values({ userId, productId })
    .onConflictDoNothing({ target: [favourites.userId, favourites.productId] })
    .returning({ id: favourites.id })
  if (added) await watchIfUnorderable(tx, userId, productId)
  const bid = added?.id ?? (await favouriteIdOf(tx, userId, productId))
  return bid === undefined ? { collected: false, bid: null } : { collected: true, bid }
}

/**
 * Adds the product to the shopper's favourites, or removes it when it is there; undefined when there is
 * no such product. A shopper's toggles run one after the other (an advisory lock on the user), so two
 * at once act as two in a row, and neither fails on the unique (user, product) index. A favourite
 * added meanwhile by another call that takes no lock is reported as it stands rather than duplicated.
 */
export async function toggleFavourite(
  db: Db,
  userId: number,
  productId: number,
): Promise<FavouriteToggleDto | undefined> {
  return db.transaction(async (tx) => {
    await lockFavouritesOf(tx, userId)
    if (!(await holdProduct(tx, productId))) return undefined
    const ownRow = and(eq(favourites.userId, userId), eq(favourites.productId, productId))
    const removed = await tx.delete(favourites).where(ownRow).returning({ id: favourites.id })
    if (removed.length > 0) return { collected: false, bid: null }
    return addFavourite(tx, userId, productId)
  })
}

/**
 * POST /mall/collect/collectOrDelete: makes the product a favourite (`collect` true) or not (false),
 * whatever it was, so sending the same call twice changes nothing more (one row, the same bid).
 * Undefined when there is no such product. Under the same lock as the toggle.
 */
export async function setFavourite(
  db: Db,
  userId: number,
  productId: number,
  collect: boolean,
): Promise<FavouriteToggleDto | undefined> {
  return db.transaction(async (tx) => {
    await lockFavouritesOf(tx, userId)
    if (!(await holdProduct(tx, productId))) return undefined
    if (collect) return addFavourite(tx, userId, productId)
    await tx.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)))
    return { collected: false, bid: null }
  })
}

/** GET /mall/collect/check: whether the product is a favourite, and its bid; undefined when no such product. */
export async function favouriteStateOf(
  db: Db,
  userId: number,
  productId: number,
): Promise<FavouriteToggleDto | undefined> {
  const [row] = await db
    .select({ bid: favourites.id })
    .from(products)
    .leftJoin(favourites, and(eq(favourites.productId, products.id), eq(favourites.userId, userId)))
    .where(eq(products.id, productId))
  if (!row) return undefined
  return row.bid === null ? { collected: false, bid: null } : { collected: true, bid: row.bid }
}

/**
 * One page of a shopper's favourites, the most recently added first, each card with its bid and the
 * prices the shopper may see. Products taken off sale since stay listed: the shopper chose them, and
 * only they can let them go.
 */
export async function listFavourites(
  db: Db,
  userId: number,
  options: PageQuery & { viewer: PriceViewer; language: Language },
): Promise<Page<FavouriteCardDto>> {
  const { pageNum, pageSize, viewer, language } = options
  const ownRows = eq(favourites.userId, userId)
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(favourites).where(ownRows),
    db
      .select({
        ...cardColumns,
        bid: favourites.id,
        orderable: sql<boolean>`${orderable()}`,
        alerted: sql<boolean>`exists (select 1 from ${productAlerts} where ${productAlerts.userId} = ${userId} and ${productAlerts.productId} = ${products.id})`,
      })
      .from(favourites)
      .innerJoin(products, eq(products.id, favourites.productId))
      .where(ownRows)
      // favourites_user_created_idx gives the order; the id breaks ties within one millisecond.
      .orderBy(desc(favourites.createdAt), desc(favourites.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
  ])
  return {
    list: rows.map(({ bid, orderable, alerted, ...card }) => ({
      ...toProductCard(card, viewer, language),
      bid,
      orderable,
      alerted,
    })),
    total: counted[0]?.total ?? 0,
    pageNum,
    pageSize,
  }
}

/** DELETE /mall/collect/clear: removes every favourite of the shopper. */
export async function clearFavourites(db: Db, userId: number): Promise<{ removed: number }> {
  return db.transaction(async (tx) => {
    await lockFavouritesOf(tx, userId)
    const removed = await tx
      .delete(favourites)
      .where(eq(favourites.userId, userId))
      .returning({ id: favourites.id })
    return { removed: removed.length }
  })
}
