import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { productNameIn } from '../../../src/domain/catalog.ts'
import { DEFAULT_LANGUAGE, isLanguage } from '../../../src/domain/language.ts'
import type { DueReminder, ReminderKind } from '../../../src/domain/reminders.ts'
import type { Db } from '../../db/client.ts'
import { productAlerts, products, reminders, users } from '../../db/schema.ts'
import type { DueTarget } from '../reminders/due-reminders.ts'
import { orderable } from './orderable.ts'

/*
 * Who hears that a product can be ordered: the shoppers (accounts not disabled) with an alert on it,
 * or on another product with its JAN (a re-release or a repeat order). The reminder is about the
 * product that opened, so its link leads there.
 */

const ALERT_KIND: ReminderKind = 'productAvailable'

/** An alert is worth showing today only: tomorrow the stock may be gone again. */
const alertDue = (today: string): DueReminder => ({
  kind: ALERT_KIND,
  overdue: false,
  deadline: null,
  lastDay: today,
})

interface OpenedRow {
  productId: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  alertId: number
  userId: number
  language: string
}

function toTarget(row: OpenedRow, today: string): DueTarget {
  const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE
  return {
    kind: ALERT_KIND,
    targetId: row.productId,
    userId: row.userId,
    language,
    due: alertDue(today),
    ref: productNameIn(language, row),
    amount: null,
    feeType: null,
  }
}

const opened = {
  productId: products.id,
  productName: products.productName,
  jpProductName: products.jpProductName,
  enProductName: products.enProductName,
  userId: productAlerts.userId,
  language: users.language,
}

/**
 * For the products `ids` that can be ordered: one reminder per waiting shopper and product,
 * with the alerts that asked for it (a shopper may watch both a product and its re-release).
 */
export async function alertTargetsFor(
  tx: Db,
  ids: number[],
  today: string,
): Promise<{ targets: DueTarget[]; alertIds: Map<string, number[]> }> {
  if (ids.length === 0) return { targets: [], alertIds: new Map() }
  const watched = alias(products, 'watched')
  const rows = await tx
    .select({ ...opened, alertId: productAlerts.id })
    .from(products)
    .innerJoin(
      watched,
      or(
        eq(watched.id, products.id),
        and(isNotNull(products.janCode), eq(watched.janCode, products.janCode), ne(watched.id, products.id)),
      ),
    )
    .innerJoin(productAlerts, eq(productAlerts.productId, watched.id))
    .innerJoin(users, and(eq(users.id, productAlerts.userId), eq(users.disabled, false)))
    .where(and(inArray(products.id, ids), orderable()))
    .orderBy(products.id, productAlerts.userId)
  const targets = new Map<string, DueTarget>()
  const alertIds = new Map<string, number[]>()
  for (const row of rows) {
    const key = `${row.productId}:${row.userId}`
    if (!targets.has(key)) targets.set(key, toTarget(row, today))
    alertIds.set(key, [...(alertIds.get(key) ?? []), row.alertId])
  }
  return { targets: [...targets.values()], alertIds }
}

/**
 * Today's alert reminders still pending whose product can still be ordered (so the hourly run
 * delivers what a stopped process left, and closes those whose product sold out again meanwhile).
 */
export async function alertsStillDue(tx: Db, today: string): Promise<DueTarget[]> {
  const rows = await tx
    .select({
      productId: products.id,
      productName: products.productName,
      jpProductName: products.jpProductName,
      enProductName: products.enProductName,
      userId: reminders.userId,
      language: reminders.language,
    })
    .from(reminders)
    .innerJoin(products, eq(products.id, reminders.targetId))
    .innerJoin(users, and(eq(users.id, reminders.userId), eq(users.disabled, false)))
    .where(
      and(
        eq(reminders.kind, ALERT_KIND),
        eq(reminders.shopDate, today),
        or(eq(reminders.mailStatus, 'pending'), eq(reminders.pushStatus, 'pending')),
        orderable(),
      ),
    )
  return rows.map((row) => toTarget({ ...row, alertId: 0 }, today))
}

/** Marks when the alerts last went out. */
export async function markAlertsSent(tx: Db, alertIds: number[], now: Date): Promise<void> {
  if (alertIds.length === 0) return
  await tx.update(productAlerts).set({ lastSentAt: now }).where(inArray(productAlerts.id, alertIds))
}
