import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../server/db/client.ts'
import {
  orderLines,
  orders,
  packageApplies,
  packageApplyOrders,
  packageLines,
  packages,
  shippingMethods,
} from '../../../server/db/schema.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import { PackageStatus } from '../../../src/domain/package-status.ts'
import { insertArrivedOrder } from './order-fixture.ts'

/* Packaging requests and packed boxes written straight to the database, as the operator's pack call leaves them. */

export interface PackedPackageOptions {
  userId: number
  /** Shop date the box was packed: the shipping fee is due 7 days later. */
  packedOn: string
  /** Shop date the goods arrived (default: the packing day). */
  arrivedAt?: string
  /** How many paid orders (one line each) go into the box (default 1). */
  orderCount?: number
  goods?: number
  weightG?: number
  lengthMm?: number
  widthMm?: number
  heightMm?: number
  /** The destination: the address's stored country value (default 中国香港, EMS zone 2). */
  country?: string
  /** The packed instant (default: noon of `packedOn`, Tokyo). */
  packedAt?: Date
}

export interface PackedPackage {
  applyId: number
  packageId: number
  packageNo: string
  orderIds: number[]
  lineIds: number[]
}

/** Paid orders (6 finalPay) requested together, picked and packed into one box: package 3, orders 9. */
export async function insertPackedPackage(db: Db, options: PackedPackageOptions): Promise<PackedPackage> {
  const arrivedAt = options.arrivedAt ?? options.packedOn
  const packedAt = options.packedAt ?? new Date(`${options.packedOn}T12:00:00+09:00`)
  const orderIds: number[] = []
  for (let i = 0; i < (options.orderCount ?? 1); i++) {
    const { orderId } = await insertArrivedOrder(db, {
      userId: options.userId,
      arrivedAt,
      status: OrderStatus.finalPay,
      goods: options.goods,
      deposit: options.goods === undefined ? undefined : Math.floor(options.goods / 3),
    })
    orderIds.push(orderId)
  }
  return db.transaction(async (tx) => {
    await tx.update(orders).set({ status: OrderStatus.waitExpressPay }).where(inArray(orders.id, orderIds))
    const lines = await tx
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        quantity: orderLines.quantity,
        total: orderLines.total,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
    const [apply] = await tx
      .insert(packageApplies)
      .values({
        userId: options.userId,
        status: PackageStatus.package,
        address: {
          firstName: '太郎',
          lastName: '山田',
          telephone: '+81 90 1234 5678',
          postCode: '100-0001',
          country: options.country ?? '中国香港',
          city: '香港',
          address: '中环皇后大道中 1 号',
        },
        pickedAt: packedAt,
        packedAt,
        createdAt: packedAt,
      })
      .returning({ id: packageApplies.id })
    if (!apply) throw new Error('no application')
    await tx.insert(packageApplyOrders).values(orderIds.map((orderId) => ({ applyId: apply.id, orderId })))
    const weightG = options.weightG ?? 1_200
    const packageNo = `T${apply.id}-1`
    const [box] = await tx
      .insert(packages)
      .values({
        applyId: apply.id,
        userId: options.userId,
        packageNo,
        status: PackageStatus.package,
        weightG,
        lengthMm: options.lengthMm ?? 300,
        widthMm: options.widthMm ?? 200,
        heightMm: options.heightMm ?? 100,
        billedWeightG: weightG,
        amount: lines.reduce((sum, line) => sum + line.total, 0),
        packedAt,
        packedOn: options.packedOn,
        createdAt: packedAt,
      })
      .returning({ id: packages.id })
    if (!box) throw new Error('no package')
    await tx.insert(packageLines).values(
      lines.map((line) => ({
        packageId: box.id,
        orderLineId: line.id,
        orderId: line.orderId,
        requested: line.quantity,
        actual: line.quantity,
      })),
    )
    return { applyId: apply.id, packageId: box.id, packageNo, orderIds, lineIds: lines.map((l) => l.id) }
  })
}

/** A package's row, for assertions. */
export async function packageRow(db: Db, packageId: number) {
  const [row] = await db.select().from(packages).where(eq(packages.id, packageId))
  if (!row) throw new Error(`no package ${packageId}`)
  return row
}

/** A shipping method of the tests' own (Japan Post, EMS size rule, actual weight, up to 30 kg unless overridden). */
export async function insertShippingMethod(
  db: Db,
  code: string,
  values: Partial<typeof shippingMethods.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(shippingMethods)
    .values({
      code,
      nameZh: code,
      nameJa: code,
      nameEn: code,
      carrier: 'japanpost',
      maxWeightG: 30_000,
      sizeRule: 'ems',
      billingRule: 'actual',
      sortOrder: 900,
      ...values,
    })
    .returning({ id: shippingMethods.id })
  if (!row) throw new Error('no method')
  return row.id
}
