import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { canOrderTransition, type OrderStatus } from '../../../src/domain/order-status.ts'
import type { PackageStatus } from '../../../src/domain/package-status.ts'
import type { Db } from '../../db/client.ts'
import { orders, packageLines, packages } from '../../db/schema.ts'

/*
 * An order's lines may be packed into several boxes, so an order follows its packages only once all of
 * them have moved on: its fee is paid when every box holding its goods is paid (9 → 10), it is sent
 * when every box is sent (10 → 11), delivered when every box is (11 → 16).
 */

/**
 * In the caller's transaction, after a package changed status: each order with goods in `packageId`
 * whose packages are all in `reached` goes `from` → `to` (a guarded UPDATE; an order already moved is
 * left alone). Returns the ids of the orders moved.
 */
export async function advanceOrdersOfPackage(
  tx: Db,
  packageId: number,
  move: { from: OrderStatus; to: OrderStatus; reached: readonly PackageStatus[] },
  at: Date,
): Promise<number[]> {
  if (!canOrderTransition(move.from, move.to)) throw new Error(`order flow forbids ${move.from} → ${move.to}`)
  const inPackage = tx
    .selectDistinct({ orderId: packageLines.orderId })
    .from(packageLines)
    .where(eq(packageLines.packageId, packageId))
  const stillBehind = tx
    .selectDistinct({ orderId: packageLines.orderId })
    .from(packageLines)
    .innerJoin(packages, eq(packages.id, packageLines.packageId))
    .where(and(inArray(packageLines.orderId, inPackage), notInArray(packages.status, [...move.reached])))
  const moved = await tx
    .update(orders)
    .set({ status: move.to, updatedAt: at })
    .where(
      and(
        inArray(orders.id, inPackage),
        eq(orders.status, move.from),
        sql`${orders.id} not in (${stillBehind})`,
      ),
    )
    .returning({ id: orders.id })
  return moved.map((o) => o.id).sort((a, b) => a - b)
}
