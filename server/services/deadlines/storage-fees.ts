import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  addDays,
  classifyDeadline,
  daysBetween,
  FORFEIT_GRACE_DAYS,
  forfeitureDate,
  PACKAGING_REQUEST_DAYS,
  packagingDeadline,
  SHIPPING_FEE_DAYS,
  shippingFeeDeadline,
} from '../../../src/domain/deadlines.ts'
import { canExtraFeeTransition, ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import { canPackageTransition, PackageStatus } from '../../../src/domain/package-status.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, orders, packageLines, packages, shopSettings } from '../../db/schema.ts'
import { writeAudit } from '../ops/audit.ts'

/*
 * The deadline sweep's storage fees and package locks (flows §4; src/domain/README.md 'Deadlines'):
 * goods not requested for packaging after their deadline pay the shop's daily storage rate per order
 * (type 1), packed boxes whose shipping fee is overdue pay it per package (type 4), and a box still
 * unpaid past the grace window is locked (package 3 → 7). Run by deadline-sweep.ts inside its one
 * transaction, under its advisory lock.
 */

/** Rows per statement, as in deadline-sweep.ts. */
const CHUNK = 1000

/** What a storage-fee record says when the sweep writes it, and once its goods are forfeited. */
const STORAGE_FEE_REMARK = 'storage fee'
const PACKAGE_STORAGE_FEE_REMARK = 'package storage fee'
const FORFEITED_REMARK = 'forfeited'

/** What the storage-fee steps of one run did: order ids (type 1) and package ids (type 4). */
export interface StorageFeeWork {
  storageFeesCreated: number[]
  storageFeesUpdated: number[]
  packageStorageFeesCreated: number[]
  packageStorageFeesUpdated: number[]
}

/** The shop's daily storage rate in yen (`shop_settings.storage_fee_per_day`), read in the caller's transaction. */
export async function readStorageRate(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ rate: shopSettings.storageFeePerDay })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1))
  if (!row) throw new Error('shop_settings row 1 is missing; the migrations create it')
  return row.rate
}

/**
 * Keeps the open storage-fee records at `today`'s figure: one per order in 6 finalPay past its packaging
 * deadline (type 1, at most FORFEIT_GRACE_DAYS days: the goods are forfeited after that), one per
 * package in 3 or 7 past its shipping-fee deadline (type 4, no cap: the box keeps accruing while it sits
 * unpaid). Each open record charges the overdue days its settled (paid, refunded, waived) records have not: created when missing,
 * moved while unpaid; a same-day rerun changes nothing.
 */
export async function keepStorageFees(tx: Db, today: string, now: Date): Promise<StorageFeeWork> {
  const rate = await readStorageRate(tx)
  const perOrder = await keepOrderStorageFees(tx, rate, today, now)
  const perPackage = await keepPackageStorageFees(tx, rate, today, now)
  return {
    storageFeesCreated: perOrder.created,
    storageFeesUpdated: perOrder.updated,
    packageStorageFeesCreated: perPackage.created,
    packageStorageFeesUpdated: perPackage.updated,
  }
}

interface Upserted {
  created: number[]
  updated: number[]
}

interface StorageFigure {
  /** The order (type 1) or package (type 4) charged. */
  key: number
  days: number
  amount: number
  due_date: string
}

interface Overdue {
  key: number
  /** Overdue days on `today`, capped for type 1. */
  overdue: number
  dueDate: string
}

interface FeeRecords {
  /** Days the key's settled records charged: paid, refunded or waived (a waiver or refund is for good). */
  charged: Map<number, number>
  /** The key's open record (status 1) as it stands. */
  open: Map<number, { days: number | null; amount: number; dueDate: string | null }>
  /** Keys whose records another transaction holds, or whose open record an open payment is paying. */
  busy: Set<number>
}

/**
 * The days each key's settled records (paid, refunded, waived) already charged and its open record, with its records
 * locked so a payment of the open one cannot land between this read and the upsert. A key whose
 * records another transaction holds (its open fee being paid right now) is `busy`: left for the next
 * run, not waited for. So is one whose open record an open extra-fee payment covers: that payment
 * charges the amount it was begun with, so the record keeps it; the days after go on a new record once
 * it is paid (or grow the same one again if the attempt ends unpaid).
 */
async function feeRecords(
  tx: Db,
  type: typeof ExtraFeeType.storage | typeof ExtraFeeType.packageStorage,
  keys: number[],
): Promise<FeeRecords> {
  const keyColumn = type === ExtraFeeType.storage ? extraFees.orderId : extraFees.packageId
  const where = and(eq(extraFees.type, type), inArray(keyColumn, keys))
  const columns = {
    id: extraFees.id,
    key: keyColumn,
    status: extraFees.status,
    days: extraFees.days,
    amount: extraFees.amount,
    dueDate: extraFees.dueDate,
  }
  const locked = await tx.select(columns).from(extraFees).where(where).for('update', { skipLocked: true })
  // Read after the lock: a record skipped above (or paid since) shows here and marks its key busy.
  const all = await tx.select({ id: extraFees.id, key: keyColumn }).from(extraFees).where(where)
  const lockedIds = new Set(locked.map((row) => row.id))
  const busy = new Set(all.filter((row) => !lockedIds.has(row.id)).map((row) => row.key ?? 0))
  const paying = await feesInOpenPayments(
    tx,
    locked.filter((row) => row.status === ExtraFeeStatus.waitPay).map((row) => row.id),
  )
  for (const row of locked) if (paying.has(row.id)) busy.add(row.key ?? 0)
  const charged = new Map<number, number>()
  const open: FeeRecords['open'] = new Map()
  for (const row of locked) {
    if (row.key === null) continue
    if (row.status !== ExtraFeeStatus.waitPay)
      charged.set(row.key, (charged.get(row.key) ?? 0) + (row.days ?? 0))
    else open.set(row.key, { days: row.days, amount: row.amount, dueDate: row.dueDate })
  }
  return { charged, open, busy }
}

/** The fees among `feeIds` that an open extra-fee payment (status 1) covers. */
async function feesInOpenPayments(tx: Db, feeIds: number[]): Promise<Set<number>> {
  if (feeIds.length === 0) return new Set()
  // Open attempts are few; the payments' GIN index on target answers @> per fee.
  const rows = (await tx.execute(sql`
    select f.id from jsonb_array_elements(${JSON.stringify(feeIds)}::jsonb) as f(id)
    where exists (
      select 1 from payments x
      where x.target @> jsonb_build_array(f.id) and x.purpose = 'extra' and x.status = 1
    )
  `)) as unknown as { rows: { id: number }[] }
  return new Set(rows.rows.map((row) => Number(row.id)))
}

/**
 * The figures of the open records: days not yet charged × the rate. None for a key with nothing left to
 * charge, nor for one whose open record already stands at its figure (a same-day rerun writes nothing).
 */
async function figuresOf(
  tx: Db,
  type: typeof ExtraFeeType.storage | typeof ExtraFeeType.packageStorage,
  chunk: Overdue[],
  rate: number,
): Promise<StorageFigure[]> {
  const { charged, open, busy } = await feeRecords(
    tx,
    type,
    chunk.map((item) => item.key),
  )
  const figures: StorageFigure[] = []
  for (const item of chunk) {
    if (busy.has(item.key)) continue
    const days = item.overdue - (charged.get(item.key) ?? 0)
    if (days <= 0) continue
    const amount = days * rate
    const standing = open.get(item.key)
    if (standing?.days === days && standing.amount === amount && standing.dueDate === item.dueDate) continue
    figures.push({ key: item.key, days, amount, due_date: item.dueDate })
  }
  return figures
}

function sortedResult(rows: { key: number; inserted: boolean }[]): Upserted {
  const created: number[] = []
  const updated: number[] = []
  for (const row of rows) (row.inserted ? created : updated).push(Number(row.key))
  return { created: created.sort((a, b) => a - b), updated: updated.sort((a, b) => a - b) }
}

/** Type 1: orders in 6 finalPay past the packaging deadline, not yet forfeited. */
async function keepOrderStorageFees(tx: Db, rate: number, today: string, now: Date): Promise<Upserted> {
  // Overdue and within grace: arrived between today − (45 + 15) and today − (45 + 1). The range only
  // narrows the scan; classifyDeadline decides each order.
  const arrivedFrom = addDays(today, -(PACKAGING_REQUEST_DAYS + FORFEIT_GRACE_DAYS))
  const arrivedTo = addDays(today, -(PACKAGING_REQUEST_DAYS + 1))
  const candidates = await tx
    .select({ id: orders.id, arrivedAt: orders.arrivedAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, OrderStatus.finalPay),
        sql`${orders.arrivedAt} between ${arrivedFrom}::date and ${arrivedTo}::date`,
      ),
    )
    .orderBy(orders.id)
  const overdue: Overdue[] = []
  for (const order of candidates) {
    if (!order.arrivedAt) continue
    const deadline = packagingDeadline(order.arrivedAt)
    if (classifyDeadline(deadline, today).state !== 'overdue') continue
    overdue.push({
      key: order.id,
      overdue: Math.min(daysBetween(deadline, today), FORFEIT_GRACE_DAYS),
      dueDate: forfeitureDate(deadline),
    })
  }
  const rows: { key: number; inserted: boolean }[] = []
  const at = now.toISOString()
  for (let start = 0; start < overdue.length; start += CHUNK) {
    const figures = await figuresOf(tx, ExtraFeeType.storage, overdue.slice(start, start + CHUNK), rate)
    if (figures.length === 0) continue
    // As the late-fee upsert (deadline-sweep.ts): xmax = 0 marks an inserted row, a conflicting row the
    // DO UPDATE's WHERE leaves alone is not returned, the conflict predicate is a literal so PostgreSQL
    // matches it to the partial unique index (one open type-1 record per order). Only orders still in 6.
    const result = (await tx.execute(sql`
      insert into extra_fees
        (user_id, type, status, amount, order_id, order_ids, days, remark, due_date, created_at, updated_at)
      select o.user_id, ${ExtraFeeType.storage}, ${ExtraFeeStatus.waitPay}, f.amount, o.id,
        jsonb_build_array(o.id), f.days, ${STORAGE_FEE_REMARK}, f.due_date, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(figures)}::jsonb) as f(key int, days int, amount int, due_date date)
      join orders o on o.id = f.key and o.status = ${OrderStatus.finalPay}
      order by o.id
      on conflict (order_id)
        where type = ${sql.raw(String(ExtraFeeType.storage))} and status = ${sql.raw(String(ExtraFeeStatus.waitPay))}
      do update set days = excluded.days, amount = excluded.amount, due_date = excluded.due_date,
        updated_at = excluded.updated_at
      where extra_fees.status = ${ExtraFeeStatus.waitPay}
        and (extra_fees.days is distinct from excluded.days or extra_fees.amount <> excluded.amount
          or extra_fees.due_date is distinct from excluded.due_date)
      returning order_id as key, (xmax = 0) as inserted
    `)) as unknown as { rows: { key: number; inserted: boolean }[] }
    rows.push(...result.rows)
  }
  return sortedResult(rows)
}

/** Type 4: packages in 3 (fee unpaid) or 7 (locked) past the shipping-fee deadline. */
async function keepPackageStorageFees(tx: Db, rate: number, today: string, now: Date): Promise<Upserted> {
  // Overdue: packed before today − 7 (the deadline's own day is on time). No lower bound: no cap.
  const packedBy = addDays(today, -(SHIPPING_FEE_DAYS + 1))
  const candidates = await tx
    .select({ id: packages.id, packedOn: packages.packedOn })
    .from(packages)
    .where(
      and(
        inArray(packages.status, [PackageStatus.package, PackageStatus.packageLock]),
        sql`${packages.packedOn} <= ${packedBy}::date`,
      ),
    )
    .orderBy(packages.id)
  const overdue: Overdue[] = []
  for (const box of candidates) {
    const deadline = shippingFeeDeadline(box.packedOn)
    const days = daysBetween(deadline, today)
    if (days <= 0) continue
    overdue.push({ key: box.id, overdue: days, dueDate: forfeitureDate(deadline) })
  }
  const rows: { key: number; inserted: boolean }[] = []
  const at = now.toISOString()
  for (let start = 0; start < overdue.length; start += CHUNK) {
    const figures = await figuresOf(
      tx,
      ExtraFeeType.packageStorage,
      overdue.slice(start, start + CHUNK),
      rate,
    )
    if (figures.length === 0) continue
    const contents = await ordersOfPackages(
      tx,
      figures.map((figure) => figure.key),
    )
    const payload = figures.map((figure) => ({ ...figure, order_ids: contents.get(figure.key) ?? [] }))
    // The same upsert keyed by package (one open type-4 record per package); only boxes still in 3 or 7.
    const result = (await tx.execute(sql`
      insert into extra_fees
        (user_id, type, status, amount, order_id, order_ids, package_id, days, remark, due_date,
          created_at, updated_at)
      select p.user_id, ${ExtraFeeType.packageStorage}, ${ExtraFeeStatus.waitPay}, f.amount, null, f.order_ids,
        p.id, f.days, ${PACKAGE_STORAGE_FEE_REMARK}, f.due_date, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        as f(key int, days int, amount int, due_date date, order_ids jsonb)
      join packages p on p.id = f.key
        and p.status in (${PackageStatus.package}, ${PackageStatus.packageLock})
      order by p.id
      on conflict (package_id)
        where type = ${sql.raw(String(ExtraFeeType.packageStorage))} and status = ${sql.raw(String(ExtraFeeStatus.waitPay))}
      do update set days = excluded.days, amount = excluded.amount, due_date = excluded.due_date,
        updated_at = excluded.updated_at
      where extra_fees.status = ${ExtraFeeStatus.waitPay}
        and (extra_fees.days is distinct from excluded.days or extra_fees.amount <> excluded.amount
          or extra_fees.due_date is distinct from excluded.due_date)
      returning package_id as key, (xmax = 0) as inserted
    `)) as unknown as { rows: { key: number; inserted: boolean }[] }
    rows.push(...result.rows)
  }
  return sortedResult(rows)
}

/** The orders whose goods are in each package, ascending. */
async function ordersOfPackages(tx: Db, packageIds: number[]): Promise<Map<number, number[]>> {
  const rows = await tx
    .selectDistinct({ packageId: packageLines.packageId, orderId: packageLines.orderId })
    .from(packageLines)
    .where(inArray(packageLines.packageId, packageIds))
    .orderBy(packageLines.packageId, packageLines.orderId)
  const byPackage = new Map<number, number[]>()
  for (const row of rows) {
    const list = byPackage.get(row.packageId) ?? []
    list.push(row.orderId)
    byPackage.set(row.packageId, list)
  }
  return byPackage
}

/**
 * Locks (3 → 7 packageLock) the packages whose shipping fee is past its grace window and which carry an
 * open package storage fee, an audit row each. Their orders stay 9: nothing is forfeited, the lock
 * lifts when the fees are paid. A box unlocked that way on day U gets a new grace window: it is not
 * locked again before U is past it too. A package another transaction holds, or with a shipping payment
 * still open (a konbini slip, a card being confirmed: it may yet pay the fee), is left for the next run.
 */
export async function lockOverduePackages(tx: Db, today: string, now: Date): Promise<number[]> {
  if (!canPackageTransition(PackageStatus.package, PackageStatus.packageLock)) {
    throw new Error('package flow forbids 3 → 7')
  }
  // Past forfeitureDate(shippingFeeDeadline(packedOn)): packed before today − (7 + 15).
  const packedBy = addDays(today, -(SHIPPING_FEE_DAYS + FORFEIT_GRACE_DAYS + 1))
  // Unlocked (by paying the fees) before today − 15: that day's own grace window is past too.
  const unlockedBy = addDays(today, -(FORFEIT_GRACE_DAYS + 1))
  const candidates = await tx
    .select({ id: packages.id, packedOn: packages.packedOn, unlockedOn: packages.unlockedOn })
    .from(packages)
    .where(
      and(
        eq(packages.status, PackageStatus.package),
        sql`${packages.packedOn} <= ${packedBy}::date`,
        sql`(${packages.unlockedOn} is null or ${packages.unlockedOn} <= ${unlockedBy}::date)`,
        sql`exists (select 1 from ${extraFees} where ${extraFees.packageId} = ${packages.id}
          and ${extraFees.type} = ${ExtraFeeType.packageStorage} and ${extraFees.status} = ${ExtraFeeStatus.waitPay})`,
      ),
    )
    .orderBy(packages.id)
  const due = new Map<number, string>()
  for (const box of candidates) {
    const deadline = shippingFeeDeadline(box.packedOn)
    if (classifyDeadline(deadline, today).state !== 'forfeited') continue
    // the unlock day counts as a missed deadline of its own
    if (box.unlockedOn && classifyDeadline(box.unlockedOn, today).state !== 'forfeited') continue
    due.set(box.id, deadline)
  }
  const ids = [...due.keys()]
  const locked: number[] = []
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK)
    const held = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(inArray(packages.id, chunk), eq(packages.status, PackageStatus.package)))
      .for('update', { skipLocked: true })
    const free = await withoutOpenShippingPayments(
      tx,
      held.map((row) => row.id),
    )
    if (free.length === 0) continue
    const moved = await tx
      .update(packages)
      .set({ status: PackageStatus.packageLock, updatedAt: now })
      .where(and(inArray(packages.id, free), eq(packages.status, PackageStatus.package)))
      .returning({ id: packages.id })
    for (const { id } of moved.sort((a, b) => a.id - b.id)) {
      await writeAudit(tx, {
        actorId: null,
        action: 'package.lock',
        entity: 'package',
        entityId: id,
        before: { status: PackageStatus.package },
        after: { status: PackageStatus.packageLock, missed: 'shippingFee', deadline: due.get(id), on: today },
        at: now,
      })
      locked.push(id)
    }
  }
  return locked
}

/** The packages with no shipping payment open (status 1): one that is may still pay the fee. */
async function withoutOpenShippingPayments(tx: Db, packageIds: number[]): Promise<number[]> {
  if (packageIds.length === 0) return []
  const ids = JSON.stringify(packageIds)
  // Open attempts are few; the payments' GIN index on target answers @> per package.
  const withOpen = (await tx.execute(sql`
    select p.id from jsonb_array_elements(${ids}::jsonb) as p(id)
    where exists (
      select 1 from payments x
      where x.target @> jsonb_build_array(p.id) and x.purpose = 'shipping' and x.status = 1
    )
  `)) as unknown as { rows: { id: number }[] }
  const open = new Set(withOpen.rows.map((row) => Number(row.id)))
  return packageIds.filter((id) => !open.has(id))
}

/**
 * Voids (1 → 4) the open storage fee of orders just forfeited, as their late fee: forfeited goods are
 * not stored for the shopper any more, and an unpaid fee would block their other packaging requests.
 * Paid records stay as they are.
 */
export async function voidOrderStorageFees(tx: Db, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return
  if (!canExtraFeeTransition(ExtraFeeStatus.waitPay, ExtraFeeStatus.void)) {
    throw new Error('extra-fee flow forbids 1 → 4')
  }
  await tx
    .update(extraFees)
    .set({ status: ExtraFeeStatus.void, remark: FORFEITED_REMARK, updatedAt: now })
    .where(
      and(
        inArray(extraFees.orderId, orderIds),
        eq(extraFees.type, ExtraFeeType.storage),
        eq(extraFees.status, ExtraFeeStatus.waitPay),
      ),
    )
}
