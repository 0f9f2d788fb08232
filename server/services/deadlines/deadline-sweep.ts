import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { DeadlineSweepResult } from '../../../src/domain/arrival.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import {
  addDays,
  BALANCE_DUE_DAYS,
  balanceDueDate,
  classifyDeadline,
  FORFEIT_GRACE_DAYS,
  forfeitureDate,
  lateFee,
  PACKAGING_REQUEST_DAYS,
  packagingDeadline,
} from '../../../src/domain/deadlines.ts'
import { canExtraFeeTransition, ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import { canOrderTransition, OrderStatus } from '../../../src/domain/order-status.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { tryAdvisoryXactLock } from '../../db/advisory-locks.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, orders } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { claimJobRun } from '../job-runs.ts'
import { writeAudit } from '../ops/audit.ts'
import { expireUnpaidOrders } from '../orders/order-expiry.ts'
import { endOpenOrderPayments } from '../payments/order-payments.ts'
import { keepStorageFees, lockOverduePackages, voidOrderStorageFees } from './storage-fees.ts'

/*
 * The deadline sweep (flows §4): late fees on overdue balances, storage fees on goods and boxes left
 * past their deadlines (storage-fees.ts), forfeiture and package locks past the grace window.
 */

/**
 * Advisory-lock class of the deadline sweep (see order-expiry.ts and idempotency.ts for the others):
 * one runner at a time across every server process; another finds it taken and leaves the work to it.
 */
const DEADLINE_SWEEP_LOCK = 7_140_104

/** Rows per statement: keeps parameter lists and JSON payloads small on a shop with many open orders. */
const CHUNK = 1000

/** What the late-fee record says when the sweep writes it, and once its goods are forfeited. */
const LATE_FEE_REMARK = 'late fee'
const FORFEITED_REMARK = 'forfeited'

/**
 * One run of the deadline sweep for the shop day of `now`. First the 30-minute payment window
 * (expireUnpaidOrders, its own per-order transactions); then, in one transaction under the sweep's
 * advisory lock, late fees, storage fees, forfeiture and package locks. Without the lock (another
 * runner has it), or when it was last asked the same way (schedule or run-now) less than `unlessRanWithin.ms`
 * ago (another process has just done it: every process runs the schedule, and "run now" may be
 * pressed on two at once), the
 * second part is skipped: `ran: false`. Every change is guarded on the old state, so
 * a second run on the same day changes nothing, and a run on a later day only moves the fees to that
 * day's figure.
 *
 * `lateFeesCreated` and `lateFeesUpdated` list the orders whose late-fee record was created or had its
 * amount moved (one record per order), like the other lists, which are order ids too, except the
 * package storage fees' and the locks', which are package ids.
 */
export async function sweepDeadlines(
  db: Db,
  now: Date,
  options: { unlessRanWithin?: { ms: number; asked: 'schedule' | 'run-now' } } = {},
): Promise<DeadlineSweepResult> {
  const today = shopDate(now)
  if (!today) throw new RangeError('the sweep needs a valid clock')
  const { expired } = await expireUnpaidOrders(db, now)
  const work = await db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, DEADLINE_SWEEP_LOCK))) return undefined
    // Timers coalesce with timers, run-now presses with run-now presses: an operator's press right
    // after a scheduled run still sweeps (what they set up since may be due).
    const within = options.unlessRanWithin
    const job = `deadline-sweep:${within?.asked ?? 'schedule'}`
    if (!(await claimJobRun(tx, job, now, within?.ms))) return undefined
    const fees = await keepLateFees(tx, today, now)
    const storage = await keepStorageFees(tx, today, now)
    const forfeited = await forfeitOverdueOrders(tx, today, now)
    const packagesLocked = await lockOverduePackages(tx, today, now)
    return { ...fees, storage, forfeited, packagesLocked }
  })
  return {
    ran: work !== undefined,
    today,
    expired,
    lateFeesCreated: work?.created ?? [],
    lateFeesUpdated: work?.updated ?? [],
    storageFeesCreated: work?.storage.storageFeesCreated ?? [],
    storageFeesUpdated: work?.storage.storageFeesUpdated ?? [],
    packageStorageFeesCreated: work?.storage.packageStorageFeesCreated ?? [],
    packageStorageFeesUpdated: work?.storage.packageStorageFeesUpdated ?? [],
    forfeited: work?.forfeited ?? [],
    packagesLocked: work?.packagesLocked ?? [],
  }
}

interface LateFeeFigure {
  order_id: number
  amount: number
  due_date: string
}

/**
 * Keeps one late-fee record (type 3) per order in 5 arrival whose balance is overdue but not yet
 * forfeited, at the domain's figure for `today`. The figures are computed here (deadlines.ts is the one
 * rule); the database only stores them: created when missing, amount moved while unpaid (status 1). A
 * record paid, voided or waived is never touched again. Inserted only for orders still in 5 at the
 * statement, so a balance paid a moment ago gets no fee.
 */
async function keepLateFees(
  tx: Db,
  today: string,
  now: Date,
): Promise<{ created: number[]; updated: number[] }> {
  // Overdue: the balance due date (arrival + 30) is before today; not forfeited: today is within the
  // grace window after it. The range only narrows the scan; classifyDeadline decides each order.
  const arrivedFrom = addDays(today, -(BALANCE_DUE_DAYS + FORFEIT_GRACE_DAYS))
  const arrivedTo = addDays(today, -(BALANCE_DUE_DAYS + 1))
  const candidates = await tx
    .select({ id: orders.id, goods: orders.goods, arrivedAt: orders.arrivedAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, OrderStatus.arrival),
        sql`${orders.arrivedAt} between ${arrivedFrom}::date and ${arrivedTo}::date`,
      ),
    )
    .orderBy(orders.id)
  const figures: LateFeeFigure[] = []
  for (const order of candidates) {
    if (!order.arrivedAt) continue
    const balanceDue = balanceDueDate(order.arrivedAt)
    if (classifyDeadline(balanceDue, today).state !== 'overdue') continue
    figures.push({
      order_id: order.id,
      amount: lateFee(order.goods, balanceDue, today),
      due_date: forfeitureDate(balanceDue),
    })
  }
  const created: number[] = []
  const updated: number[] = []
  const at = now.toISOString()
  for (let start = 0; start < figures.length; start += CHUNK) {
    const chunk = JSON.stringify(figures.slice(start, start + CHUNK))
    // xmax = 0 only on a freshly inserted row; a row changed by DO UPDATE carries this transaction's id.
    // A conflicting row left alone by the DO UPDATE's WHERE (paid, void, same amount) is not returned.
    // The conflict target's predicate is a literal: PostgreSQL matches it to the partial unique index
    // only when it can prove it implies the index's `type = 3`, which a bound parameter never does.
    const result = (await tx.execute(sql`
      insert into extra_fees
        (user_id, type, status, amount, order_id, order_ids, remark, due_date, created_at, updated_at)
      select o.user_id, ${ExtraFeeType.late}, ${ExtraFeeStatus.waitPay}, f.amount, o.id,
        jsonb_build_array(o.id), ${LATE_FEE_REMARK}, f.due_date, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${chunk}::jsonb) as f(order_id int, amount int, due_date date)
      join orders o on o.id = f.order_id and o.status = ${OrderStatus.arrival}
      order by o.id
      on conflict (order_id) where type = ${sql.raw(String(ExtraFeeType.late))}
      do update set amount = excluded.amount, due_date = excluded.due_date, updated_at = excluded.updated_at
      where extra_fees.status = ${ExtraFeeStatus.waitPay}
        and (extra_fees.amount <> excluded.amount or extra_fees.due_date is distinct from excluded.due_date)
      returning order_id, (xmax = 0) as inserted
    `)) as unknown as { rows: { order_id: number; inserted: boolean }[] }
    for (const row of result.rows) (row.inserted ? created : updated).push(row.order_id)
  }
  return { created: created.sort((a, b) => a - b), updated: updated.sort((a, b) => a - b) }
}

interface ForfeitCandidate {
  id: number
  status: OrderStatus
  /** The deadline the shopper missed. */
  missed: 'balance' | 'packaging'
  deadline: string
}

/**
 * Forfeits (→ 15 cancel2) orders in 5 arrival whose balance, and orders in 6 finalPay whose packaging
 * request, is past its grace window: payments kept, stock not returned, the unpaid late and storage
 * fees voided (forfeited goods carry none, or they would block the shopper's other packaging), an
 * audit row each.
 *
 * Orders another transaction holds (a payment being confirmed) are skipped, not waited for, and so is
 * one whose open balance payment is being confirmed (endOpenOrderPayments gives way with a 409, undone
 * to its savepoint): the next run forfeits it if the payment did not settle it.
 */
async function forfeitOverdueOrders(tx: Db, today: string, now: Date): Promise<number[]> {
  const candidates = await forfeitCandidates(tx, today)
  const forfeited: number[] = []
  for (let start = 0; start < candidates.length; start += CHUNK) {
    const chunk = candidates.slice(start, start + CHUNK)
    const locked = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          chunk.map((order) => order.id),
        ),
      )
      .for('update', { skipLocked: true })
    const statusNow = new Map(locked.map((row) => [row.id, row.status]))
    // Re-read under the lock: an order that moved on since the scan is left alone.
    const ready = chunk.filter((order) => statusNow.get(order.id) === order.status)
    const free = await withoutBusyBalancePayments(tx, ready, now)
    forfeited.push(...(await forfeit(tx, free, today, now)))
  }
  return forfeited.sort((a, b) => a - b)
}

async function forfeitCandidates(tx: Db, today: string): Promise<ForfeitCandidate[]> {
  // Past the grace window: the deadline plus FORFEIT_GRACE_DAYS is before today.
  const balanceArrivedBy = addDays(today, -(BALANCE_DUE_DAYS + FORFEIT_GRACE_DAYS + 1))
  const packagingArrivedBy = addDays(today, -(PACKAGING_REQUEST_DAYS + FORFEIT_GRACE_DAYS + 1))
  const rows = await tx
    .select({ id: orders.id, status: orders.status, arrivedAt: orders.arrivedAt })
    .from(orders)
    .where(
      or(
        and(eq(orders.status, OrderStatus.arrival), sql`${orders.arrivedAt} <= ${balanceArrivedBy}::date`),
        and(eq(orders.status, OrderStatus.finalPay), sql`${orders.arrivedAt} <= ${packagingArrivedBy}::date`),
      ),
    )
    .orderBy(orders.id)
  const candidates: ForfeitCandidate[] = []
  for (const row of rows) {
    if (!row.arrivedAt) continue
    const status = row.status as OrderStatus
    const missed = status === OrderStatus.arrival ? 'balance' : 'packaging'
    const deadline = missed === 'balance' ? balanceDueDate(row.arrivedAt) : packagingDeadline(row.arrivedAt)
    if (classifyDeadline(deadline, today).state !== 'forfeited') continue
    if (!canOrderTransition(status, OrderStatus.cancel2)) continue
    candidates.push({ id: row.id, status, missed, deadline })
  }
  return candidates
}

/**
 * Ends the open balance payments of the orders about to be forfeited (their points go back), each
 * order under its own savepoint; answers the orders that have none left open. One whose payment is
 * being confirmed right now is dropped for this run, without aborting the others.
 */
async function withoutBusyBalancePayments(
  tx: Db,
  candidates: ForfeitCandidate[],
  now: Date,
): Promise<ForfeitCandidate[]> {
  if (candidates.length === 0) return []
  const ids = JSON.stringify(candidates.map((order) => order.id))
  // Open balance attempts are few; the payments' GIN index on target answers @> per order.
  const withOpen = (await tx.execute(sql`
    select o.id from jsonb_array_elements(${ids}::jsonb) as o(id)
    where exists (
      select 1 from payments p
      where p.target @> jsonb_build_array(o.id) and p.purpose = 'balance' and p.status = 1
    )
  `)) as unknown as { rows: { id: number }[] }
  const open = new Set(withOpen.rows.map((row) => Number(row.id)))
  const free: ForfeitCandidate[] = []
  for (const order of candidates) {
    if (!open.has(order.id)) {
      free.push(order)
      continue
    }
    try {
      await tx.transaction((savepoint) =>
        endOpenOrderPayments(savepoint, order.id, 'balance', FORFEITED_REMARK, now),
      )
      free.push(order)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ResultCode.conflict)) throw error
    }
  }
  return free
}

/** Moves the orders to 15 (guarded on each one's old status), voids their unpaid late and storage fees, audits each. */
async function forfeit(tx: Db, chosen: ForfeitCandidate[], today: string, now: Date): Promise<number[]> {
  if (!canExtraFeeTransition(ExtraFeeStatus.waitPay, ExtraFeeStatus.void)) {
    throw new Error('extra-fee flow forbids 1 → 4')
  }
  const done: number[] = []
  for (const from of [OrderStatus.arrival, OrderStatus.finalPay] as const) {
    const ids = chosen.filter((order) => order.status === from).map((order) => order.id)
    if (ids.length === 0) continue
    const moved = await tx
      .update(orders)
      .set({ status: OrderStatus.cancel2, updatedAt: now })
      .where(and(inArray(orders.id, ids), eq(orders.status, from)))
      .returning({ id: orders.id })
    done.push(...moved.map((row) => row.id))
  }
  if (done.length === 0) return []
  await tx
    .update(extraFees)
    .set({ status: ExtraFeeStatus.void, remark: FORFEITED_REMARK, updatedAt: now })
    .where(
      and(
        inArray(extraFees.orderId, done),
        eq(extraFees.type, ExtraFeeType.late),
        eq(extraFees.status, ExtraFeeStatus.waitPay),
      ),
    )
  await voidOrderStorageFees(tx, done, now)
  const byId = new Map(chosen.map((order) => [order.id, order]))
  for (const id of done) {
    const order = byId.get(id)
    if (!order) continue
    await writeAudit(tx, {
      actorId: null,
      action: 'order.forfeit',
      entity: 'order',
      entityId: id,
      before: { status: order.status },
      after: { status: OrderStatus.cancel2, missed: order.missed, deadline: order.deadline, on: today },
      at: now,
    })
  }
  return done
}
