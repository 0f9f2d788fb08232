import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { AlertDto, AlertStateDto } from '../../../src/domain/alerts.ts'
import type { Language } from '../../../src/domain/language.ts'
import type { PriceViewer } from '../../../src/domain/price-display.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { productAlerts, products } from '../../db/schema.ts'
import { cardColumns, toProductCard } from '../catalog/product-cards.ts'
import { orderable } from './orderable.ts'

/*
 * A shopper's product alerts ("notify me"): asked for on a product that cannot be ordered now, listed
 * on the account page, turned off there. Delivery is send-alerts.ts's.
 */

/** Whether the product exists, holding it (key share) so it cannot be deleted before the insert. */
async function holdProduct(tx: Db, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('key share')
  return row !== undefined
}

/**
 * POST /mall/alert/subscribe/{productId}: the shopper is told when the product can be ordered. Asking
 * twice keeps one alert. Undefined when there is no such product.
 */
export async function subscribeAlert(
  db: Db,
  userId: number,
  productId: number,
): Promise<AlertStateDto | undefined> {
  return db.transaction(async (tx) => {
    if (!(await holdProduct(tx, productId))) return undefined
    await tx
      .insert(productAlerts)
      .values({ userId, productId })
      .onConflictDoNothing({ target: [productAlerts.userId, productAlerts.productId] })
    return { subscribed: true }
  })
}

/** DELETE /mall/alert/{productId}: the alert is off (whether or not there was one). */
export async function unsubscribeAlert(db: Db, userId: number, productId: number): Promise<AlertStateDto> {
  await db
    .delete(productAlerts)
    .where(and(eq(productAlerts.userId, userId), eq(productAlerts.productId, productId)))
  return { subscribed: false }
}

/** Whether the shopper has an alert on the product; undefined when there is no such product. */
export async function alertStateOf(
  db: Db,
  userId: number,
  productId: number,
): Promise<AlertStateDto | undefined> {
  const [row] = await db
    .select({ alertId: productAlerts.id })
    .from(products)
    .leftJoin(productAlerts, and(eq(productAlerts.productId, products.id), eq(productAlerts.userId, userId)))
    .where(eq(products.id, productId))
  if (!row) return undefined
  return { subscribed: row.alertId !== null }
}

/**
 * A favourite added while the product cannot be ordered is watched too (the shopper can turn it off on
 * the account page); in the favourite's transaction.
 */
export async function watchIfUnorderable(tx: Db, userId: number, productId: number): Promise<void> {
  await tx.execute(sql`
    insert into product_alerts (user_id, product_id)
    select ${userId}, ${products.id} from ${products}
    where ${products.id} = ${productId} and not (${orderable()})
    on conflict (user_id, product_id) do nothing
  `)
}

/** GET /mall/alert/list: one page of the shopper's alerts, the newest first, each with its product's card. */
export async function listAlerts(
  db: Db,
  userId: number,
  options: PageQuery & { viewer: PriceViewer; language: Language },
): Promise<Page<AlertDto>> {
  const { pageNum, pageSize, viewer, language } = options
  const own = eq(productAlerts.userId, userId)
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(productAlerts).where(own),
    db
      .select({
        ...cardColumns,
        createTime: productAlerts.createdAt,
        lastSentAt: productAlerts.lastSentAt,
      })
      .from(productAlerts)
      .innerJoin(products, eq(products.id, productAlerts.productId))
      .where(own)
      .orderBy(desc(productAlerts.createdAt), desc(productAlerts.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
  ])
  return {
    list: rows.map(({ createTime, lastSentAt, ...card }) => ({
      productId: card.id,
      product: toProductCard(card, viewer, language),
      createTime: createTime.toISOString(),
      lastSentAt: lastSentAt ? lastSentAt.toISOString() : null,
    })),
    total: counted[0]?.total ?? 0,
    pageNum,
    pageSize,
  }
}

/** How many shoppers wait for the product (the console's product page). */
export async function alertSubscriberCount(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(productAlerts)
    .where(eq(productAlerts.productId, productId))
  return row?.total ?? 0
}
