import { and, eq, sql } from 'drizzle-orm'
import type { FavouriteToggleDto } from '../../src/domain/catalog.ts'
import type { Db } from '../db/client.ts'
import { favourites, products } from '../db/schema.ts'

/** The favourite id (`bid`) of a product in a shopper's favourites, or undefined. */
export async function favouriteIdOf(db: Db, userId: number, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: favourites.id })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)))
  return row?.id
}

/** Advisory-lock class of a shopper's favourite toggles (two-key form: class, user id). */
const FAVOURITE_TOGGLE_LOCK = 7_140_003

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
    await tx.execute(sql`select pg_advisory_xact_lock(${FAVOURITE_TOGGLE_LOCK}::int4, ${userId}::int4)`)
    // A key-share lock keeps the product from being deleted before the insert below refers to it.
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('key share')
    if (!product) return undefined

    const ownRow = and(eq(favourites.userId, userId), eq(favourites.productId, productId))
    const removed = await tx.delete(favourites).where(ownRow).returning({ id: favourites.id })
    if (removed.length > 0) return { collected: false, bid: null }

    const [added] = await tx
      .insert(favourites)
      .values({ userId, productId })
      .onConflictDoNothing({ target: [favourites.userId, favourites.productId] })
      .returning({ id: favourites.id })
    const bid = added?.id ?? (await favouriteIdOf(tx, userId, productId))
    return bid === undefined ? { collected: false, bid: null } : { collected: true, bid }
  })
}
