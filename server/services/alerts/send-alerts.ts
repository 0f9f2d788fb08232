import { asc, inArray, isNull } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { tryAdvisoryXactLock } from '../../db/advisory-locks.ts'
import type { Db } from '../../db/client.ts'
import { alertOutbox } from '../../db/schema.ts'
import { deliverReminders, type ReminderDeps } from '../reminders/deliver-reminders.ts'
import { dueByKey, writeReminders } from '../reminders/send-reminders.ts'
import { alertTargetsFor, markAlertsSent } from './alert-targets.ts'

/*
 * Delivering product alerts. A catalog change that may make a product orderable writes a row to
 * `alert_outbox` in its own transaction (a trigger, migration 0020) and notifies on commit; this reads
 * the outbox after commit, writes one reminder per waiting shopper and product for the shop day (the
 * reminders' unique index: at most one a day, whatever the stock does meanwhile) and delivers them by
 * mail and push through the reminders' delivery (its subscription clean-up and retries included).
 */

/** Advisory-lock class of the alerts (see send-reminders.ts for the reminders'). */
const ALERTS_LOCK = 7_140_107

/** Outbox rows handled per transaction. */
const OUTBOX_BATCH = 500

export interface AlertRun {
  /** False when another runner held the outbox. */
  ran: boolean
  /** Outbox rows handled. */
  changes: number
  created: number
  mailed: number
  pushed: number
}

/**
 * Handles every outbox row not handled yet, batch by batch, at `now` (the shop's clock). Safe to run
 * from every process at once and as often as wanted: one runner holds the outbox, a handled row is
 * done, and a reminder already written today is not written again.
 */
export async function sendAlerts(db: Db, deps: ReminderDeps, now: Date): Promise<AlertRun> {
  const today = shopDate(now)
  if (!today) throw new RangeError('the alerts need a valid clock')
  const run: AlertRun = { ran: false, changes: 0, created: 0, mailed: 0, pushed: 0 }
  for (;;) {
    const work = await db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, ALERTS_LOCK))) return undefined
      const rows = await tx
        .select({ id: alertOutbox.id, productId: alertOutbox.productId })
        .from(alertOutbox)
        .where(isNull(alertOutbox.doneAt))
        .orderBy(asc(alertOutbox.id))
        .limit(OUTBOX_BATCH)
      if (rows.length === 0) return { changes: 0, ids: [], due: dueByKey([]) }
      const productIds = [...new Set(rows.map((row) => row.productId))]
      const { targets, alertIds } = await alertTargetsFor(tx, productIds, today)
      const written = await writeReminders(tx, targets, today, now)
      await markAlertsSent(
        tx,
        written.flatMap((row) => alertIds.get(`${row.targetId}:${row.userId}`) ?? []),
        now,
      )
      await tx
        .update(alertOutbox)
        .set({ doneAt: now })
        .where(
          inArray(
            alertOutbox.id,
            rows.map((row) => row.id),
          ),
        )
      return { changes: rows.length, ids: written.map((row) => row.id), due: dueByKey(targets) }
    })
    if (!work) return run
    run.ran = true
    run.changes += work.changes
    run.created += work.ids.length
    if (work.ids.length > 0) {
      const { mailed, pushed } = await deliverReminders(db, deps, work, now)
      run.mailed += mailed
      run.pushed += pushed
    }
    if (work.changes < OUTBOX_BATCH) return run
  }
}
