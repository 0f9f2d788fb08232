import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client.ts'
import { cartLines, orders } from '../../../server/db/schema.ts'
import { createOrder } from '../../../server/services/orders/create-order.ts'
import { changePoints } from '../../../server/services/points.ts'
import { writeShopSettings } from '../../../server/services/shop-settings.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import type { ChargeSettings } from '../../../src/domain/pricing.ts'
import { insertProducts, productRow } from './catalog-fixture.ts'

export interface PlacedLine {
  /** The shopper's unit price (cnAlonePrice: a zhCn sign-up's role 2 column). */
  price: number
  quantity: number
  isDiscount?: boolean
  isFront?: boolean
}

export interface PlacedOrderOptions {
  userId: number
  lines: readonly PlacedLine[]
  /** The shop's charges for this order (written to the shop settings first). */
  charges?: ChargeSettings
  /** Points asked for at checkout; given to the shopper first. */
  points?: number
  /** Where the order stands once its first payment was made (3 waitOrder, 4 order …); 2 waitPay: unpaid. */
  status?: OrderStatus
  /** Item numbers and JAN codes of the lines' products, by position (fresh ones otherwise). */
  products?: readonly { itemNo?: string; janCode?: string | null }[]
  at?: Date
}

/** Deposit 30 %, member discount 10 %, platform 3 %, settlement 3.5 %: every rule has work to do. */
export const BUSY_CHARGES: ChargeSettings = {
  discount: 0.9,
  platPercent: 0.03,
  frontMoney: 0.3,
  settlePercent: 0.035,
  rate: null,
}

/**
 * An order priced by the real createOrder (so every amount is the domain's), its first payment then
 * recorded as settle() leaves it: the deposit received (yen and the held points) and the order moved on
 * to `status` (3 waitOrder by default). Answers the order id.
 */
export async function placePaidOrder(db: Db, options: PlacedOrderOptions): Promise<number> {
  await writeShopSettings(db, { charge: options.charges ?? BUSY_CHARGES, maxRate: null })
  const inserted = await insertProducts(
    db,
    options.lines.map((line, index) =>
      productRow({
        type: 1,
        cnAlonePrice: line.price,
        isDiscount: line.isDiscount ?? false,
        isFront: line.isFront ?? true,
        ...options.products?.[index],
      }),
    ),
  )
  const at = options.at ?? new Date()
  return db.transaction(async (tx) => {
    if (options.points) {
      await changePoints(tx, { userId: options.userId, delta: options.points, reason: 'earn' })
    }
    const cartIds: number[] = []
    for (const [index, product] of inserted.entries()) {
      const [cart] = await tx
        .insert(cartLines)
        .values({
          userId: options.userId,
          productId: product.id,
          productAmount: options.lines[index]?.quantity ?? 1,
          productType: 1,
        })
        .returning({ id: cartLines.id })
      if (!cart) throw new Error('no cart line')
      cartIds.push(cart.id)
    }
    const { id: orderId } = await createOrder(tx, {
      shopper: { userId: options.userId, role: 2, language: 'zhCn' },
      cartLineIds: cartIds,
      pointsRequested: options.points ?? 0,
      at,
    })
    if (options.status === OrderStatus.waitPay) return orderId
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
    if (!order) throw new Error('no order')
    await tx
      .update(orders)
      .set({ status: options.status ?? OrderStatus.waitOrder, paidAmount: order.deposit })
      .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.waitPay)))
    return orderId
  })
}
