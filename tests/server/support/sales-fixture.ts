import type { Db } from '../../../server/db/client.ts'
import { orderLines, orders } from '../../../server/db/schema.ts'
import { PAYMENT_WINDOW_MINUTES } from '../../../src/domain/orders.ts'

export interface SoldLine {
  productId: number
  quantity: number
}

/**
 * An order in `status` placed at `at`, with one line per product sold, written straight into the
 * database: what best sellers and trending brands count. Amounts are 100 yen a unit, paid in full.
 */
export async function insertSale(
  db: Db,
  options: { userId: number; status: number; at: Date; lines: SoldLine[] },
): Promise<number> {
  const lineTotal = (line: SoldLine) => line.quantity * 100
  const goods = options.lines.reduce((sum, line) => sum + lineTotal(line), 0)
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: options.userId,
        status: options.status,
        goods,
        platformFee: 0,
        settlementFee: 0,
        deposit: goods,
        balance: 0,
        total: goods,
        payDueAt: new Date(options.at.getTime() + PAYMENT_WINDOW_MINUTES * 60_000),
        createdAt: options.at,
        updatedAt: options.at,
      })
      .returning({ id: orders.id })
    if (!order) throw new Error('no order')
    await tx.insert(orderLines).values(
      options.lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        productName: `sold ${line.productId}`,
        barcode: String(line.productId),
        productType: 1,
        basePrice: 100,
        unitPrice: 100,
        quantity: line.quantity,
        goods: lineTotal(line),
        platformFee: 0,
        settlementFee: 0,
        deposit: lineTotal(line),
        balance: 0,
        total: lineTotal(line),
      })),
    )
    return order.id
  })
}
