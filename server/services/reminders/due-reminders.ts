import { and, eq, gte, isNull, lte, or } from 'drizzle-orm'
import { balanceOwed } from '../../../src/domain/arrival.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import {
  addDays,
  BALANCE_DUE_DAYS,
  balanceDueDate,
  DUE_SOON_DAYS,
  FORFEIT_GRACE_DAYS,
  lateFee,
  PACKAGING_REQUEST_DAYS,
  SHIPPING_FEE_DAYS,
} from '../../../src/domain/deadlines.ts'
import { ExtraFeeStatus, type ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../src/domain/language.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import {
  balanceReminder,
  type DueReminder,
  extraFeeReminder,
  packagingReminder,
  type ReminderKind,
  shippingFeeReminder,
} from '../../../src/domain/reminders.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, orders, packages, users } from '../../db/schema.ts'
import { notPaidWithBalance } from '../extras/shopper-fees.ts'
import { viewCondition } from '../orders/order-lists.ts'
import { awaitingApplyCondition, awaitingFeeCondition } from '../packaging/package-counts.ts'
import type { ReminderFacts } from './reminder-texts.ts'

/*
 * Which reminders are due on a shop day (flows §6): the targets the badges count (order-counts.ts,
 * package-counts.ts, unpaid extra fees) whose deadline is due soon or overdue, of accounts not
 * disabled. The SQL only narrows the scan to the dates that can qualify; the domain's rules
 * (src/domain/reminders.ts) decide each target.
 */

/** One reminder due today, with what its texts need. */
export interface DueTarget extends ReminderFacts {
  kind: ReminderKind
  targetId: number
  userId: number
  /** The shopper's language now. */
  language: Language
}

const languageOf = (value: string): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE)

/** Every deadline reminder due on `today`, in the caller's transaction. */
export async function findDueReminders(tx: Db, today: string): Promise<DueTarget[]> {
  return [
    ...(await balancesDue(tx, today)),
    ...(await packagingDue(tx, today)),
    ...(await shippingFeesDue(tx, today)),
    ...(await extraFeesDue(tx, today)),
  ]
}

/** The key of a reminder of the day: kind, target and shopper (a product alert has many shoppers). */
export const dueKey = (kind: string, targetId: number, userId: number): string =>
  `${kind}:${targetId}:${userId}`

/** Arrivals whose deadline `days` after them is due soon or overdue but not forfeited on `today`. */
function arrivedWithin(days: number, today: string) {
  return and(
    gte(orders.arrivedAt, addDays(today, -(days + FORFEIT_GRACE_DAYS))),
    lte(orders.arrivedAt, addDays(today, -(days - DUE_SOON_DAYS))),
  )
}

/** Operable orders in 5 arrival (as finalCount counts them): the balance with the day's late fee. */
async function balancesDue(tx: Db, today: string): Promise<DueTarget[]> {
  const rows = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      arrivedAt: orders.arrivedAt,
      goods: orders.goods,
      total: orders.total,
      paidAmount: orders.paidAmount,
      language: users.language,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(users.disabled, false),
        viewCondition('operable'),
        eq(orders.status, OrderStatus.arrival),
        arrivedWithin(BALANCE_DUE_DAYS, today),
      ),
    )
  return rows.flatMap((row) => {
    const due = row.arrivedAt ? balanceReminder(row.arrivedAt, today) : undefined
    if (!due || !row.arrivedAt) return []
    const amount = balanceOwed(row) + lateFee(row.goods, balanceDueDate(row.arrivedAt), today)
    return [target(due, row.id, row.userId, row.language, { ref: String(row.id), amount })]
  })
}

/** Orders waiting to be requested for packaging (as applyCount counts them). */
async function packagingDue(tx: Db, today: string): Promise<DueTarget[]> {
  const rows = await tx
    .select({ id: orders.id, userId: orders.userId, arrivedAt: orders.arrivedAt, language: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(eq(users.disabled, false), awaitingApplyCondition(), arrivedWithin(PACKAGING_REQUEST_DAYS, today)),
    )
  return rows.flatMap((row) => {
    const due = row.arrivedAt ? packagingReminder(row.arrivedAt, today) : undefined
    return due ? [target(due, row.id, row.userId, row.language, { ref: String(row.id), amount: null })] : []
  })
}

/** Packed boxes in 3 with the shipping fee unpaid (as notifyCount counts them). */
async function shippingFeesDue(tx: Db, today: string): Promise<DueTarget[]> {
  const rows = await tx
    .select({
      id: packages.id,
      userId: packages.userId,
      packageNo: packages.packageNo,
      packedOn: packages.packedOn,
      unlockedOn: packages.unlockedOn,
      language: users.language,
    })
    .from(packages)
    .innerJoin(users, eq(users.id, packages.userId))
    .where(
      and(
        eq(users.disabled, false),
        awaitingFeeCondition(),
        lte(packages.packedOn, addDays(today, -(SHIPPING_FEE_DAYS - DUE_SOON_DAYS))),
        or(
          gte(packages.packedOn, addDays(today, -(SHIPPING_FEE_DAYS + FORFEIT_GRACE_DAYS))),
          gte(packages.unlockedOn, addDays(today, -FORFEIT_GRACE_DAYS)),
        ),
      ),
    )
  return rows.flatMap((row) => {
    const due = shippingFeeReminder(row.packedOn, row.unlockedOn, today)
    return due ? [target(due, row.id, row.userId, row.language, { ref: row.packageNo, amount: null })] : []
  })
}

/**
 * Unpaid extra fees, but not the late fee of an order still in 5 arrival: it is paid with the balance,
 * which has its own reminders. A fee with a due date while due soon or overdue; one without, on the
 * day it was charged.
 */
async function extraFeesDue(tx: Db, today: string): Promise<DueTarget[]> {
  // The shop day's first instant: Tokyo keeps +09:00 all year.
  const dayStart = new Date(`${today}T00:00:00+09:00`)
  const rows = await tx
    .select({
      id: extraFees.id,
      userId: extraFees.userId,
      type: extraFees.type,
      amount: extraFees.amount,
      dueDate: extraFees.dueDate,
      createdAt: extraFees.createdAt,
      language: users.language,
    })
    .from(extraFees)
    .innerJoin(users, eq(users.id, extraFees.userId))
    .leftJoin(orders, eq(orders.id, extraFees.orderId))
    .where(
      and(
        eq(users.disabled, false),
        eq(extraFees.status, ExtraFeeStatus.waitPay),
        notPaidWithBalance(),
        or(
          and(
            gte(extraFees.dueDate, addDays(today, -FORFEIT_GRACE_DAYS)),
            lte(extraFees.dueDate, addDays(today, DUE_SOON_DAYS)),
          ),
          and(isNull(extraFees.dueDate), gte(extraFees.createdAt, dayStart)),
        ),
      ),
    )
  return rows.flatMap((row) => {
    const chargedOn = shopDate(row.createdAt) ?? ''
    const due = extraFeeReminder({ dueDate: row.dueDate, chargedOn }, today)
    if (!due) return []
    const facts = { ref: String(row.id), amount: row.amount, feeType: row.type as ExtraFeeType }
    return [target(due, row.id, row.userId, row.language, facts)]
  })
}

function target(
  due: DueReminder,
  targetId: number,
  userId: number,
  language: string,
  facts: { ref: string; amount: number | null; feeType?: ExtraFeeType },
): DueTarget {
  return {
    kind: due.kind,
    targetId,
    userId,
    language: languageOf(language),
    due,
    ref: facts.ref,
    amount: facts.amount,
    feeType: facts.feeType ?? null,
  }
}
