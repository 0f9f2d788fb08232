import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import {
  canPackageTransition,
  PACKAGE_STATUS_INFO,
  PackageStatus,
} from '../../../src/domain/package-status.ts'
import type { OpsPackageDto, OpsPackageListQuery } from '../../../src/domain/packaging.ts'
import type { Page } from '../../../src/domain/queries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Carrier } from '../../../src/domain/shipping.ts'
import type { Db } from '../../db/client.ts'
import { packages, shippingMethods, users } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { writeAudit } from '../ops/audit.ts'
import { advanceOrdersOfPackage } from './package-orders.ts'
import {
  asPackageStatus,
  type PackageRow,
  packageDtos,
  packageNoCondition,
  packageRowPage,
  shopToday,
} from './packages.ts'

/* The operator's package calls (flows §7 'packages'): the list, shipping with a tracking number, delivery. */

/** The shoppers and method names of some packages, then their OpsPackageDto, in the rows' order. */
async function opsPackageDtos(db: Db, rows: readonly PackageRow[], at: Date): Promise<OpsPackageDto[]> {
  if (rows.length === 0) return []
  const userIds = [...new Set(rows.map((row) => row.userId))]
  const methodIds = [
    ...new Set(rows.flatMap((row) => (row.shippingMethodId === null ? [] : [row.shippingMethodId]))),
  ]
  const [dtos, shoppers, methods] = await Promise.all([
    packageDtos(db, rows, shopToday(at)),
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
    methodIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: shippingMethods.id,
            nameZh: shippingMethods.nameZh,
            nameJa: shippingMethods.nameJa,
            nameEn: shippingMethods.nameEn,
          })
          .from(shippingMethods)
          .where(inArray(shippingMethods.id, methodIds)),
  ])
  const emailOf = new Map(shoppers.map((s) => [s.id, s.email]))
  const nameOf = new Map(methods.map((m) => [m.id, { zhCn: m.nameZh, ja: m.nameJa, en: m.nameEn }]))
  return dtos.map((dto, index) => {
    const userId = rows[index]?.userId ?? 0
    return {
      ...dto,
      userId,
      userEmail: emailOf.get(userId) ?? null,
      shippingMethodName: dto.shippingMethodId === null ? null : (nameOf.get(dto.shippingMethodId) ?? null),
    }
  })
}

/**
 * The console's search: a package number (exactly or its beginning), an application number, a
 * tracking number, or the shopper's e-mail (exactly, any case).
 */
function keywordCondition(keyword: string): SQL {
  const conditions: SQL[] = [
    packageNoCondition(keyword),
    sql`${packages.trackingNo} = ${keyword.toUpperCase()}`,
    sql`exists (select 1 from ${users} where ${users.id} = ${packages.userId} and ${users.email} = ${keyword.toLowerCase()})`,
  ]
  if (/^\d{1,9}$/.test(keyword)) conditions.push(eq(packages.applyId, Number(keyword)))
  return or(...conditions) as SQL
}

/** GET /api/ops/packages: every shopper's packages, newest packed first; any status code, a keyword. */
export async function listOpsPackages(
  db: Db,
  query: OpsPackageListQuery,
  at: Date,
): Promise<Page<OpsPackageDto>> {
  const where = and(
    query.status === undefined ? undefined : eq(packages.status, query.status),
    query.keyword ? keywordCondition(query.keyword) : undefined,
  )
  const { rows, total } = await packageRowPage(db, where, query)
  return { list: await opsPackageDtos(db, rows, at), total, pageNum: query.pageNum, pageSize: query.pageSize }
}

/** GET /api/ops/packages/{id}: any shopper's package. */
export async function loadOpsPackage(db: Db, packageId: number, at: Date): Promise<OpsPackageDto> {
  const [row] = await db.select().from(packages).where(eq(packages.id, packageId))
  if (!row) throw notFound('Package')
  const [dto] = await opsPackageDtos(db, [row], at)
  if (!dto) throw notFound('Package')
  return dto
}

const statusName = (status: number) =>
  status in PACKAGE_STATUS_INFO ? PACKAGE_STATUS_INFO[status as PackageStatus].label.en : String(status)

/** The 409 refusing a package status change the flow does not allow, naming the current status (`data.status`). */
export function packageStatusConflict(packageId: number, from: number, to: PackageStatus): ApiError {
  return new ApiError(
    ResultCode.conflict,
    `Package ${packageId} is ${statusName(from)}; it cannot become ${statusName(to)}`,
    { status: from },
  )
}

/** The package row locked for a change, and its status checked against the flow (404, 409). */
async function lockForChange(tx: Db, packageId: number, to: PackageStatus): Promise<PackageRow> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, packageId)).for('update')
  if (!row) throw notFound('Package')
  if (!canPackageTransition(asPackageStatus(row.status), to)) {
    throw packageStatusConflict(packageId, row.status, to)
  }
  return row
}

export interface ShipRequest {
  packageId: number
  carrier: Carrier
  /** Already checked against the carrier's rule (shipBody). */
  trackingNo: string
  actorId: number
  at: Date
}

/**
 * POST /api/ops/packages/{id}/ship: a package whose fee is paid (4 waitSend) is handed to the carrier of
 * the method paid for → 5 send with its tracking number; its orders whose boxes are all sent go 10 → 11.
 * A package in any other status (fee unpaid, already shipped) is a 409, as is another carrier than the
 * paid method's. One transaction with the audit row.
 */
export async function shipPackage(db: Db, request: ShipRequest): Promise<OpsPackageDto> {
  await db.transaction(async (tx) => {
    const row = await lockForChange(tx, request.packageId, PackageStatus.send)
    if (row.shippingMethodId !== null) {
      const [method] = await tx
        .select({ carrier: shippingMethods.carrier, nameEn: shippingMethods.nameEn })
        .from(shippingMethods)
        .where(eq(shippingMethods.id, row.shippingMethodId))
      if (method && method.carrier !== request.carrier) {
        throw new ApiError(
          ResultCode.conflict,
          `Package ${row.id} was paid for ${method.nameEn}, carried by ${method.carrier}, not ${request.carrier}`,
          { carrier: method.carrier },
        )
      }
    }
    const updated = await tx
      .update(packages)
      .set({
        status: PackageStatus.send,
        carrier: request.carrier,
        trackingNo: request.trackingNo,
        shippedAt: request.at,
        updatedAt: request.at,
      })
      .where(and(eq(packages.id, row.id), eq(packages.status, row.status)))
      .returning({ id: packages.id })
    if (updated.length === 0) throw packageStatusConflict(row.id, row.status, PackageStatus.send)
    const orderIds = await advanceOrdersOfPackage(
      tx,
      row.id,
      {
        from: OrderStatus.waitSend,
        to: OrderStatus.send,
        reached: [PackageStatus.send, PackageStatus.shipping],
      },
      request.at,
    )
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'package.ship',
      entity: 'package',
      entityId: row.id,
      before: { status: row.status, carrier: row.carrier, trackingNo: row.trackingNo },
      after: {
        status: PackageStatus.send,
        carrier: request.carrier,
        trackingNo: request.trackingNo,
        ordersSent: orderIds,
      },
      at: request.at,
    })
  })
  return loadOpsPackage(db, request.packageId, request.at)
}

/**
 * POST /api/ops/packages/{id}/delivered: the carrier has the package (5 send → 9 shipping); its orders
 * whose boxes are all there go 11 → 16. Any other status is a 409. One transaction with the audit row.
 */
export async function markDelivered(
  db: Db,
  request: { packageId: number; actorId: number; at: Date },
): Promise<OpsPackageDto> {
  await db.transaction(async (tx) => {
    const row = await lockForChange(tx, request.packageId, PackageStatus.shipping)
    const updated = await tx
      .update(packages)
      .set({ status: PackageStatus.shipping, deliveredAt: request.at, updatedAt: request.at })
      .where(and(eq(packages.id, row.id), eq(packages.status, row.status)))
      .returning({ id: packages.id })
    if (updated.length === 0) throw packageStatusConflict(row.id, row.status, PackageStatus.shipping)
    const orderIds = await advanceOrdersOfPackage(
      tx,
      row.id,
      { from: OrderStatus.send, to: OrderStatus.shipping, reached: [PackageStatus.shipping] },
      request.at,
    )
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'package.delivered',
      entity: 'package',
      entityId: row.id,
      before: { status: row.status },
      after: { status: PackageStatus.shipping, ordersDelivered: orderIds },
      at: request.at,
    })
  })
  return loadOpsPackage(db, request.packageId, request.at)
}
