import { asc, eq, inArray } from 'drizzle-orm'
import { packagingDeadline, shippingFeeDeadline } from '../../../src/domain/deadlines.ts'
import { PACKAGE_FLOW, type PackageStatus } from '../../../src/domain/package-status.ts'
import type { PackageApplyDto, PackageApplyLineDto } from '../../../src/domain/packaging.ts'
import type { Db } from '../../db/client.ts'
import { orders, type packageApplies, packageApplyOrders, packages } from '../../db/schema.ts'
import { linesOfOrders } from '../orders/order-dto.ts'

/* Packaging requests (package_applies rows) → PackageApplyDto (spec §3 'Packaging application', flows §9). */

export type ApplyRow = typeof packageApplies.$inferSelect

const PACKAGE_STATUSES = Object.keys(PACKAGE_FLOW.next).map(Number)

/** An outbound status read from the database; anything else is a broken row, not a client error. */
export function packageStatusOf(row: { id: number; status: number }): PackageStatus {
  if (!PACKAGE_STATUSES.includes(row.status)) {
    throw new Error(`row ${row.id} has an unknown outbound status ${row.status}`)
  }
  return row.status as PackageStatus
}

/** The earliest of some shop dates (YYYY-MM-DD compares as text), or null when there are none. */
function earliest(dates: readonly string[]): string | null {
  let first: string | null = null
  for (const date of dates) if (first === null || date < first) first = date
  return first
}

function latest(dates: readonly string[]): string | null {
  let last: string | null = null
  for (const date of dates) if (last === null || date > last) last = date
  return last
}

interface AppliedOrder {
  applyId: number
  orderId: number
  arrivedAt: string | null
}

interface PackedBox {
  id: number
  applyId: number
  weightG: number
  billedWeightG: number
  packedOn: string
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/**
 * Application rows → DTOs, in the rows' order, with one query each for their orders, the orders' lines
 * and their packages (a page never costs a query per application).
 *
 * - `lines`: every line of its orders (by order, then line), `productCount` the sum of their
 *   quantities, `barcodes` the lines' barcodes once each.
 * - `weightG` / `billedWeightG`: the sums over its packages once packed, null before.
 * - `arrivedAt`: the latest arrival of its orders (the goods were complete then).
 * - `freeStorageUntil`: before packing, the earliest packaging deadline of its orders; once packed, the
 *   earliest shipping-fee due date of its packages (shippingFeeDeadline(packedOn)).
 */
export async function applyDtos(db: Db, rows: readonly ApplyRow[]): Promise<PackageApplyDto[]> {
  if (rows.length === 0) return []
  const applyIds = rows.map((row) => row.id)
  const [applied, boxes] = await Promise.all([
    db
      .select({
        applyId: packageApplyOrders.applyId,
        orderId: packageApplyOrders.orderId,
        arrivedAt: orders.arrivedAt,
      })
      .from(packageApplyOrders)
      .innerJoin(orders, eq(orders.id, packageApplyOrders.orderId))
      .where(inArray(packageApplyOrders.applyId, applyIds))
      .orderBy(asc(packageApplyOrders.orderId)),
    db
      .select({
        id: packages.id,
        applyId: packages.applyId,
        weightG: packages.weightG,
        billedWeightG: packages.billedWeightG,
        packedOn: packages.packedOn,
      })
      .from(packages)
      .where(inArray(packages.applyId, applyIds))
      .orderBy(asc(packages.id)),
  ])
  const lines = await linesOfOrders(
    db,
    applied.map((order) => order.orderId),
  )
  const ordersOf = groupBy<AppliedOrder>(applied, (order) => order.applyId)
  const boxesOf = groupBy<PackedBox>(boxes, (box) => box.applyId)

  return rows.map((row) => {
    const itsOrders = ordersOf.get(row.id) ?? []
    const itsBoxes = boxesOf.get(row.id) ?? []
    const itsLines: PackageApplyLineDto[] = itsOrders.flatMap((order) =>
      (lines.get(order.orderId) ?? []).map((line) => ({
        id: line.id,
        orderId: order.orderId,
        productId: line.productId,
        productName: line.productName,
        jpProductName: line.jpProductName,
        enProductName: line.enProductName,
        barcode: line.barcode,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: line.total,
      })),
    )
    const arrivals = itsOrders.flatMap((order) => (order.arrivedAt ? [order.arrivedAt] : []))
    const packed = itsBoxes.length > 0
    return {
      id: row.id,
      createTime: row.createdAt.toISOString(),
      status: packageStatusOf(row),
      orderIds: itsOrders.map((order) => order.orderId),
      lines: itsLines,
      productCount: itsLines.reduce((sum, line) => sum + line.quantity, 0),
      barcodes: [...new Set(itsLines.map((line) => line.barcode))],
      weightG: packed ? itsBoxes.reduce((sum, box) => sum + box.weightG, 0) : null,
      billedWeightG: packed ? itsBoxes.reduce((sum, box) => sum + box.billedWeightG, 0) : null,
      arrivedAt: latest(arrivals),
      freeStorageUntil: packed
        ? earliest(itsBoxes.map((box) => shippingFeeDeadline(box.packedOn)))
        : earliest(arrivals.map(packagingDeadline)),
      shippingMethodId: row.shippingMethodId,
      remark: row.remark,
      packageIds: itsBoxes.map((box) => box.id),
    }
  })
}
