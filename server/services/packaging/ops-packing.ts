import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { canOrderTransition, OrderStatus } from '../../../src/domain/order-status.ts'
import {
  canPackageTransition,
  PACKAGE_STATUS_INFO,
  PackageStatus,
} from '../../../src/domain/package-status.ts'
import type {
  OpsPackageApplyDto,
  OpsPackageListQuery,
  PackAnswer,
  PackageDto,
  PackBody,
} from '../../../src/domain/packaging.ts'
import type { Page } from '../../../src/domain/queries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { Db } from '../../db/client.ts'
import {
  orderLines,
  orders,
  packageApplies,
  packageApplyOrders,
  packageLines,
  packages,
  users,
} from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { writeAudit } from '../ops/audit.ts'
import { toOrderAddressDto } from '../orders/order-dto.ts'
import { invalidField } from '../orders/split-order.ts'
import { addressCountry, loadTariff, quoteTariff } from '../shipping/tariff.ts'
import { type ApplyRow, applyDtos, packageStatusOf } from './apply-dto.ts'
import { packageNumber } from './package-numbers.ts'
import { packageDtos } from './packages.ts'

/* The operator's packing calls (flows §5, §7 'packaging'): the queue, picked, packed into boxes. */

function shopToday(at: Date): string {
  const today = shopDate(at)
  if (!today) throw new Error('the shop clock gave no date')
  return today
}

/** Application rows → the console's view: the request, its shopper, its address and its packages. */
export async function opsApplyDtos(
  db: Db,
  rows: readonly ApplyRow[],
  at: Date,
): Promise<OpsPackageApplyDto[]> {
  if (rows.length === 0) return []
  const applyIds = rows.map((row) => row.id)
  const userIds = [...new Set(rows.map((row) => row.userId))]
  const [dtos, shoppers, boxRows] = await Promise.all([
    applyDtos(db, rows),
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
    db.select().from(packages).where(inArray(packages.applyId, applyIds)).orderBy(asc(packages.id)),
  ])
  const boxes = await packageDtos(db, boxRows, shopToday(at))
  const emailOf = new Map(shoppers.map((shopper) => [shopper.id, shopper.email]))
  const boxesOf = new Map<number, PackageDto[]>()
  for (const box of boxes) boxesOf.set(box.applyId, [...(boxesOf.get(box.applyId) ?? []), box])
  return dtos.map((dto, index) => {
    const row = rows[index] as ApplyRow
    return {
      ...dto,
      userId: row.userId,
      userEmail: emailOf.get(row.userId) ?? null,
      address: toOrderAddressDto(row.address) ?? {},
      packages: boxesOf.get(row.id) ?? [],
    }
  })
}

/**
 * The queue's search: an application number or one of its order numbers, a barcode of one of its
 * lines (exactly), or the shopper's e-mail (exactly, any case).
 */
function keywordCondition(keyword: string): SQL {
  const conditions: SQL[] = [
    sql`exists (
      select 1 from ${packageApplyOrders}
      join ${orderLines} on ${orderLines.orderId} = ${packageApplyOrders.orderId}
      where ${packageApplyOrders.applyId} = ${packageApplies.id} and ${orderLines.barcode} = ${keyword})`,
    sql`exists (
      select 1 from ${users}
      where ${users.id} = ${packageApplies.userId} and lower(${users.email}) = lower(${keyword}))`,
  ]
  if (/^\d{1,9}$/.test(keyword)) {
    const id = Number(keyword)
    conditions.push(
      eq(packageApplies.id, id),
      sql`exists (
        select 1 from ${packageApplyOrders}
        where ${packageApplyOrders.applyId} = ${packageApplies.id} and ${packageApplyOrders.orderId} = ${id})`,
    )
  }
  return or(...conditions) as SQL
}

/** GET /api/ops/package-applies: every shopper's requests, oldest first (a work queue). */
export async function listOpsApplies(
  db: Db,
  query: OpsPackageListQuery,
  at: Date,
): Promise<Page<OpsPackageApplyDto>> {
  const where = and(
    query.status === undefined ? undefined : eq(packageApplies.status, query.status),
    query.keyword ? keywordCondition(query.keyword) : undefined,
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(packageApplies)
      .where(where)
      .orderBy(asc(packageApplies.createdAt), asc(packageApplies.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(packageApplies).where(where),
  ])
  return {
    list: await opsApplyDtos(db, rows, at),
    total: counted?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }
}

/** GET /api/ops/package-applies/{id}. */
export async function loadOpsApply(db: Db, applyId: number, at: Date): Promise<OpsPackageApplyDto> {
  const rows = await db.select().from(packageApplies).where(eq(packageApplies.id, applyId))
  const [dto] = await opsApplyDtos(db, rows, at)
  if (!dto) throw notFound('Packaging request')
  return dto
}

const statusName = (status: number) =>
  status in PACKAGE_STATUS_INFO ? PACKAGE_STATUS_INFO[status as PackageStatus].label.en : `status ${status}`

/** 409 refusing a change the outbound flow does not allow, naming the current status (`data.status`). */
function applyStatusConflict(applyId: number, from: number, to: PackageStatus): ApiError {
  return new ApiError(
    ResultCode.conflict,
    `Packaging request ${applyId} is ${statusName(from)}; it cannot become ${statusName(to)}`,
    { status: from },
  )
}

/** The request row locked for the change; the outbound flow must allow `to` (409 otherwise). */
async function lockApply(tx: Db, applyId: number, to: PackageStatus) {
  const [apply] = await tx.select().from(packageApplies).where(eq(packageApplies.id, applyId)).for('update')
  if (!apply) throw notFound('Packaging request')
  const from = packageStatusOf(apply)
  if (!canPackageTransition(from, to)) throw applyStatusConflict(applyId, from, to)
  return { apply, from }
}

/** The request's status moved `from` → `to` in an UPDATE guarded on `from`, with its own time stamp. */
async function moveApply(
  tx: Db,
  change: { applyId: number; from: PackageStatus; to: PackageStatus; set: Partial<ApplyRow>; at: Date },
): Promise<void> {
  const moved = await tx
    .update(packageApplies)
    .set({ ...change.set, status: change.to, updatedAt: change.at })
    .where(and(eq(packageApplies.id, change.applyId), eq(packageApplies.status, change.from)))
    .returning({ id: packageApplies.id })
  if (moved.length === 0) throw applyStatusConflict(change.applyId, change.from, change.to)
}

/**
 * The request's orders moved `from` → `to` through the order flow, in an UPDATE guarded on `from`.
 * Every one of them must move: one that is elsewhere (refunded meanwhile…) refuses the whole change
 * with a 409 naming it, and the caller's transaction rolls back.
 */
async function moveOrders(
  tx: Db,
  change: { applyId: number; orderIds: readonly number[]; from: OrderStatus; to: OrderStatus; at: Date },
): Promise<void> {
  if (!canOrderTransition(change.from, change.to)) {
    throw new Error(`the order flow forbids ${change.from} → ${change.to}`)
  }
  const moved = await tx
    .update(orders)
    .set({ status: change.to, updatedAt: change.at })
    .where(and(inArray(orders.id, [...change.orderIds]), eq(orders.status, change.from)))
    .returning({ id: orders.id })
  if (moved.length !== change.orderIds.length) {
    const movedIds = new Set(moved.map((row) => row.id))
    const behind = change.orderIds.filter((id) => !movedIds.has(id))
    throw new ApiError(
      ResultCode.conflict,
      `Orders ${behind.join(', ')} of packaging request ${change.applyId} are no longer in status ${change.from}`,
      { orderIds: behind },
    )
  }
}

async function orderIdsOf(tx: Db, applyId: number): Promise<number[]> {
  const rows = await tx
    .select({ orderId: packageApplyOrders.orderId })
    .from(packageApplyOrders)
    .where(eq(packageApplyOrders.applyId, applyId))
    .orderBy(asc(packageApplyOrders.orderId))
  return rows.map((row) => row.orderId)
}

/**
 * POST /api/ops/package-applies/{id}/picked: the goods are taken off the shelves. The request goes
 * 1 → 2 (any other status 409), its orders 7 → 8, with `pickedAt`; audited. Answers the request.
 */
export async function markPicked(
  db: Db,
  request: { applyId: number; actorId: number; at: Date },
): Promise<OpsPackageApplyDto> {
  const { applyId, at } = request
  await db.transaction(async (tx) => {
    const { from } = await lockApply(tx, applyId, PackageStatus.out)
    const orderIds = await orderIdsOf(tx, applyId)
    await moveApply(tx, { applyId, from, to: PackageStatus.out, set: { pickedAt: at }, at })
    await moveOrders(tx, { applyId, orderIds, from: OrderStatus.waitOut, to: OrderStatus.waitPackage, at })
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'packageApply.picked',
      entity: 'packageApply',
      entityId: applyId,
      before: { status: from, orderStatus: OrderStatus.waitOut },
      after: { status: PackageStatus.out, orderStatus: OrderStatus.waitPackage, orderIds, pickedAt: at },
      at,
    })
  })
  return loadOpsApply(db, applyId, at)
}

/**
 * Checks that the boxes hold every line of the request once and nothing else (400 on `boxes`
 * otherwise, before anything is written).
 */
function checkBoxLines(boxes: PackBody['boxes'], lineIds: readonly number[]): void {
  const expected = new Set(lineIds)
  const seen = new Set<number>()
  for (const box of boxes) {
    for (const lineId of box.lineIds) {
      if (!expected.has(lineId) || seen.has(lineId)) throw invalidField('boxes', ValidationMessage.boxLines)
      seen.add(lineId)
    }
  }
  if (seen.size !== expected.size) throw invalidField('boxes', ValidationMessage.boxLines)
}

/**
 * POST /api/ops/package-applies/{id}/pack: the picked goods (request in 2; else 409) are packed into
 * boxes, in one transaction. Every line of the request's orders must be in exactly one box (400 on
 * `boxes` otherwise, nothing written). Each box becomes a package in 3 (shipping fee due), numbered
 * `YP<application>-<box>`, with its weight and size, the goods value of its lines (`amount`, their
 * totals) and its billed weight for the request's preferred method when that method can carry it there
 * (never below the weight on the scale), the weight on the scale otherwise; the fee is quoted per
 * method when the shopper pays. Its lines are recorded (requested = actual = the line's quantity). The
 * request goes 2 → 3 with `packedAt`, its orders 8 → 9; `packedOn` is the shop day the fee's 7 days
 * count from. Audited.
 */
export async function packApply(
  db: Db,
  request: { applyId: number; boxes: PackBody['boxes']; actorId: number; at: Date },
): Promise<PackAnswer> {
  const { applyId, boxes, at } = request
  const packedOn = shopToday(at)
  // Read before the transaction: the tariff is the operators' settings, and its loader's parallel
  // reads must not share the transaction's connection.
  const tariff = await loadTariff(db)
  await db.transaction(async (tx) => {
    const { apply, from } = await lockApply(tx, applyId, PackageStatus.package)
    const orderIds = await orderIdsOf(tx, applyId)
    const lines = await tx
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        quantity: orderLines.quantity,
        total: orderLines.total,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.id))
    checkBoxLines(
      boxes,
      lines.map((line) => line.id),
    )
    const lineOf = new Map(lines.map((line) => [line.id, line]))

    const preferred = tariff.find((entry) => entry.method.id === apply.shippingMethodId)
    const country = addressCountry(apply.address)

    const packed: {
      id: number
      packageNo: string
      weightG: number
      billedWeightG: number
      lineIds: number[]
    }[] = []
    for (const [index, box] of boxes.entries()) {
      const quote = preferred ? quoteTariff(preferred, box, country) : undefined
      const billedWeightG = quote?.available ? Math.max(quote.billedWeightG, box.weightG) : box.weightG
      const boxLines = box.lineIds.map((lineId) => {
        const line = lineOf.get(lineId)
        if (!line) throw invalidField('boxes', ValidationMessage.boxLines)
        return line
      })
      const packageNo = packageNumber(applyId, index + 1)
      const [row] = await tx
        .insert(packages)
        .values({
          applyId,
          userId: apply.userId,
          packageNo,
          status: PackageStatus.package,
          weightG: box.weightG,
          lengthMm: box.lengthMm,
          widthMm: box.widthMm,
          heightMm: box.heightMm,
          billedWeightG,
          amount: boxLines.reduce((sum, line) => sum + line.total, 0),
          packedAt: at,
          packedOn,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: packages.id })
      if (!row) throw new Error('the package was not written')
      await tx.insert(packageLines).values(
        boxLines.map((line) => ({
          packageId: row.id,
          orderLineId: line.id,
          orderId: line.orderId,
          requested: line.quantity,
          actual: line.quantity,
        })),
      )
      packed.push({ id: row.id, packageNo, weightG: box.weightG, billedWeightG, lineIds: box.lineIds })
    }

    await moveApply(tx, { applyId, from, to: PackageStatus.package, set: { packedAt: at }, at })
    await moveOrders(tx, {
      applyId,
      orderIds,
      from: OrderStatus.waitPackage,
      to: OrderStatus.waitExpressPay,
      at,
    })
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'packageApply.packed',
      entity: 'packageApply',
      entityId: applyId,
      before: { status: from, orderStatus: OrderStatus.waitPackage },
      after: {
        status: PackageStatus.package,
        orderStatus: OrderStatus.waitExpressPay,
        orderIds,
        packedOn,
        packages: packed,
      },
      at,
    })
  })
  const apply = await loadOpsApply(db, applyId, at)
  return { apply, packages: apply.packages }
}
