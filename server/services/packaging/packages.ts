import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { classifyDeadline, shippingFeeDeadline } from '../../../src/domain/deadlines.ts'
import { PACKAGE_STATUS_INFO, PackageStatus } from '../../../src/domain/package-status.ts'
import type {
  ApplyEstimateDto,
  PackageContentDto,
  PackageDto,
  PackageListQuery,
  ShippingOptionDto,
  TrackingDto,
} from '../../../src/domain/packaging.ts'
import type { Page } from '../../../src/domain/queries.ts'
import { trackingUrl } from '../../../src/domain/shipping.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, packageApplies, packageLines, packages } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { shippingOptions } from '../shipping/package-quotes.ts'
import { addressCountry } from '../shipping/tariff.ts'

/* The shopper's packages (flows §5, §9; spec §3 'Package'): list, detail, shipping options, tracking. */

export type PackageRow = typeof packages.$inferSelect

/**
 * What a shopper's package list shows: the spec's subset 3 package, 4 waitSend, 5 send, 9 shipping,
 * and 7 packageLock so a package locked for an overdue fee does not vanish from the list while the
 * shopper can still settle it. The status filter's 3 finds it too: it is a packed box whose fee is due.
 */
const SHOPPER_STATUSES: readonly PackageStatus[] = [
  PackageStatus.package,
  PackageStatus.packageLock,
  PackageStatus.waitSend,
  PackageStatus.send,
  PackageStatus.shipping,
]

function shopperStatuses(status: number | undefined): readonly PackageStatus[] {
  if (status === undefined) return SHOPPER_STATUSES
  if (status === PackageStatus.package) return [PackageStatus.package, PackageStatus.packageLock]
  return SHOPPER_STATUSES.filter((s) => s === status)
}

export function asPackageStatus(status: number): PackageStatus {
  if (!(status in PACKAGE_STATUS_INFO)) throw new Error(`unknown package status ${status}`)
  return status as PackageStatus
}

/** Statuses whose shipping fee is still owed: their deadline state is shown. */
const FEE_DUE_STATUSES: readonly number[] = [PackageStatus.package, PackageStatus.packageLock]

/** The copied address as the wire carries it: its plain values only. */
function wireAddress(address: Record<string, unknown> | undefined): Record<string, string | number | null> {
  const wire: Record<string, string | number | null> = {}
  for (const [key, value] of Object.entries(address ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || value === null) wire[key] = value
  }
  return wire
}

/** The estimate an application kept for its preferred method, when it has one whole. */
function applyEstimateOf(
  apply:
    | {
        methodId: number | null
        fee: number | null
        billedWeightG: number | null
        allowanceG: number | null
      }
    | undefined,
): ApplyEstimateDto | null {
  if (!apply) return null
  const { methodId, fee, billedWeightG, allowanceG } = apply
  if (methodId === null || fee === null || billedWeightG === null || allowanceG === null) return null
  return { methodId, fee, billedWeightG, allowanceG }
}

/**
 * PackageDto of package rows, in their order, with their contents (the order lines' names, barcode and
 * unit price) and the application's address, in three queries whatever the number of rows. `today` is
 * the shop date the fee's deadline state is classified on.
 */
export async function packageDtos(db: Db, rows: readonly PackageRow[], today: string): Promise<PackageDto[]> {
  if (rows.length === 0) return []
  const packageIds = rows.map((row) => row.id)
  const applyIds = [...new Set(rows.map((row) => row.applyId))]
  const [lines, applies] = await Promise.all([
    db
      .select({
        packageId: packageLines.packageId,
        lineId: packageLines.orderLineId,
        orderId: packageLines.orderId,
        requested: packageLines.requested,
        actual: packageLines.actual,
        remark: packageLines.remark,
        productId: orderLines.productId,
        productName: orderLines.productName,
        jpProductName: orderLines.jpProductName,
        enProductName: orderLines.enProductName,
        barcode: orderLines.barcode,
        price: orderLines.unitPrice,
      })
      .from(packageLines)
      .innerJoin(orderLines, eq(orderLines.id, packageLines.orderLineId))
      .where(inArray(packageLines.packageId, packageIds))
      .orderBy(asc(packageLines.orderId), asc(packageLines.orderLineId)),
    db
      .select({
        id: packageApplies.id,
        address: packageApplies.address,
        methodId: packageApplies.shippingMethodId,
        fee: packageApplies.estimatedFee,
        billedWeightG: packageApplies.estimatedBilledWeightG,
        allowanceG: packageApplies.estimatedAllowanceG,
      })
      .from(packageApplies)
      .where(inArray(packageApplies.id, applyIds)),
  ])
  const contentsOf = new Map<number, PackageContentDto[]>()
  for (const { packageId, ...content } of lines) {
    const list = contentsOf.get(packageId) ?? []
    list.push(content)
    contentsOf.set(packageId, list)
  }
  const applyOf = new Map(applies.map((apply) => [apply.id, apply]))
  return rows.map((row) => {
    const feeDue = shippingFeeDeadline(row.packedOn)
    return {
      id: row.id,
      applyId: row.applyId,
      packageNo: row.packageNo,
      status: asPackageStatus(row.status),
      weightG: row.weightG,
      lengthMm: row.lengthMm,
      widthMm: row.widthMm,
      heightMm: row.heightMm,
      billedWeightG: row.billedWeightG,
      shippingMethodId: row.shippingMethodId,
      shippingCost: row.shippingCost,
      amount: row.amount,
      contents: contentsOf.get(row.id) ?? [],
      trackingNo: row.trackingNo,
      carrier: row.carrier,
      // Storage is free until the fee is due; after that the sweep charges the package storage fee.
      freeStorageUntil: feeDue,
      feeDue,
      deadlineState: FEE_DUE_STATUSES.includes(row.status) ? classifyDeadline(feeDue, today).state : null,
      createTime: row.packedAt.toISOString(),
      address: wireAddress(applyOf.get(row.applyId)?.address),
      applyEstimate: applyEstimateOf(applyOf.get(row.applyId)),
    }
  })
}

/** One package's PackageDto. */
export async function packageDto(db: Db, row: PackageRow, today: string): Promise<PackageDto> {
  const [dto] = await packageDtos(db, [row], today)
  if (!dto) throw new Error(`no dto for package ${row.id}`)
  return dto
}

/** The shop date of the clock's instant. */
export function shopToday(at: Date): string {
  const today = shopDate(at)
  if (!today) throw new Error('the shop clock gave no date')
  return today
}

/** `like` pattern of a prefix: its own wildcards taken literally. */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** Package number, exactly or by its beginning, in any case. */
export function packageNoCondition(packageNo: string): SQL {
  return sql`upper(${packages.packageNo}) like upper(${prefixPattern(packageNo)})`
}

/** Packages holding a line with this barcode (the JAN code or item number frozen on the order line). */
function barcodeCondition(barcode: string): SQL {
  return sql`exists (
    select 1 from ${packageLines}
    join ${orderLines} on ${orderLines.id} = ${packageLines.orderLineId}
    where ${packageLines.packageId} = ${packages.id} and ${orderLines.barcode} = ${barcode})`
}

/** One page of package rows matching `where`, newest packed first, with the count of matches. */
export async function packageRowPage(
  db: Db,
  where: SQL | undefined,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: PackageRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(where)
      .orderBy(desc(packages.packedAt), desc(packages.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ total: count() }).from(packages).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/**
 * GET /mall/package/list: the caller's packages, newest first, filtered by application number, a
 * product barcode among the contents, package number (exactly or its beginning) and status.
 */
export async function listShopperPackages(
  db: Db,
  request: { userId: number; query: PackageListQuery; at: Date },
): Promise<Page<PackageDto>> {
  const { query } = request
  const where = and(
    eq(packages.userId, request.userId),
    inArray(packages.status, [...shopperStatuses(query.status)]),
    query.applyId === undefined ? undefined : eq(packages.applyId, query.applyId),
    query.packageNo ? packageNoCondition(query.packageNo) : undefined,
    query.barcode ? barcodeCondition(query.barcode) : undefined,
  )
  const { rows, total } = await packageRowPage(db, where, query)
  return {
    list: await packageDtos(db, rows, shopToday(request.at)),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }
}

/**
 * The caller's package `packageId` (optionally of application `applyId`), in a status the shopper sees;
 * anything else, another shopper's among them, is a 404.
 */
export async function shopperPackageRow(
  db: Db,
  request: { userId: number; packageId: number; applyId?: number },
): Promise<PackageRow> {
  const [row] = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.id, request.packageId),
        eq(packages.userId, request.userId),
        inArray(packages.status, [...SHOPPER_STATUSES]),
        request.applyId === undefined ? undefined : eq(packages.applyId, request.applyId),
      ),
    )
  if (!row) throw notFound('Package')
  return row
}

/** GET /mall/package/detail/{applyId}/{boxId}: the caller's package `boxId` of application `applyId`. */
export async function loadShopperPackage(
  db: Db,
  request: { userId: number; applyId: number; packageId: number; at: Date },
): Promise<PackageDto> {
  const row = await shopperPackageRow(db, request)
  return packageDto(db, row, shopToday(request.at))
}

/** GET /mall/package/shippingCost/{packageId}: every active method quoted for the caller's package. */
export async function shopperShippingOptions(
  db: Db,
  request: { userId: number; packageId: number },
): Promise<ShippingOptionDto[]> {
  const row = await shopperPackageRow(db, request)
  const [apply] = await db
    .select({ address: packageApplies.address })
    .from(packageApplies)
    .where(eq(packageApplies.id, row.applyId))
  return shippingOptions(db, row, addressCountry(apply?.address))
}

/** The tracking of a package row: nulls until the operator ships it. */
export function trackingOf(
  row: Pick<PackageRow, 'id' | 'carrier' | 'trackingNo' | 'shippedAt'>,
): TrackingDto {
  const { carrier, trackingNo } = row
  if (carrier === null || trackingNo === null) {
    return { packageId: row.id, trackingNo: null, carrier: null, url: null, shippedAt: null }
  }
  return {
    packageId: row.id,
    trackingNo,
    carrier,
    url: trackingUrl(carrier, trackingNo),
    shippedAt: row.shippedAt?.toISOString() ?? null,
  }
}

/** GET /mall/package/tracking/{packageId}: the caller's package's tracking number and carrier link. */
export async function shopperTracking(
  db: Db,
  request: { userId: number; packageId: number },
): Promise<TrackingDto> {
  return trackingOf(await shopperPackageRow(db, request))
}
