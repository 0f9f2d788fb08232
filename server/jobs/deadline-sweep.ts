import type { DeadlineSweepResult } from '../../src/domain/arrival.ts'
import type { Db } from '../db/client.ts'
import { log } from '../observability/log.ts'
import { countJobRun } from '../observability/metrics.ts'
import { sweepDeadlines } from '../services/deadlines/deadline-sweep.ts'
import { type ReminderDeps, sendReminders } from '../services/reminders/send-reminders.ts'
import { scheduleJob } from './schedule.ts'

/**
 * One run of the deadline sweep (flows §4): the 30-minute payment window, late fees, forfeiture; then
 * the day's reminders by mail and push (§6). Safe at any time, from any server, as often as wanted: it
 * is idempotent per order and day and one runner at a time does the work. Logs a one-line summary;
 * answers null when the sweep failed (it is logged). A failed reminders step is logged and leaves the
 * sweep's result without `reminders`.
 */
export async function runDeadlineSweep(
  db: Db,
  now: Date,
  reminderDeps: ReminderDeps,
  options: Parameters<typeof sweepDeadlines>[2] = {},
): Promise<DeadlineSweepResult | null> {
  let result: DeadlineSweepResult
  try {
    result = await sweepDeadlines(db, now, options)
    countJobRun('deadline-sweep', result.ran)
  } catch (error) {
    log.error({ err: error }, '[deadlines] run failed')
    return null
  }
  try {
    const { created, mailed, pushed } = await sendReminders(db, reminderDeps, now)
    result = { ...result, reminders: { created, mailed, pushed } }
  } catch (error) {
    log.error({ err: error }, '[reminders] run failed')
  }
  log.info(`[deadlines] ${summaryOf(result)}`)
  return result
}

function summaryOf(result: DeadlineSweepResult): string {
  const expired = `${result.expired.length} unpaid order(s) cancelled`
  const reminders = result.reminders
    ? `reminders ${result.reminders.created} created, ${result.reminders.mailed} mailed, ${result.reminders.pushed} pushed`
    : 'reminders failed'
  if (!result.ran)
    return `${result.today}: ${expired}; the rest left to the runner holding the sweep; ${reminders}`
  return [
    `${result.today}: ${expired}`,
    `late fees ${result.lateFeesCreated.length} created, ${result.lateFeesUpdated.length} updated`,
    `storage fees ${result.storageFeesCreated.length} created, ${result.storageFeesUpdated.length} updated`,
    `package storage fees ${result.packageStorageFeesCreated.length} created, ${result.packageStorageFeesUpdated.length} updated`,
    // Counts only: the audit log names each forfeited order and locked package.
    `${result.forfeited.length} order(s) forfeited`,
    `${result.packagesLocked.length} package(s) locked`,
    reminders,
  ].join('; ')
}

/**
 * Runs the sweep and the reminders now and then every `everyMs` (an hour: fees move once a day, so an
 * hour is early enough after midnight, and a push asked to wait is retried within the day), on the
 * shop's clock. Returns a stop function.
 */
export function scheduleDeadlineSweep(
  db: Db,
  now: () => Date,
  reminderDeps: ReminderDeps,
  everyMs = 3_600_000,
): () => Promise<void> {
  // Every process runs this timer: the first to tick in each period does the work, the others see
  // that it ran less than a period ago (a tenth of slack for timers that drift).
  return scheduleJob(
    () =>
      runDeadlineSweep(db, now(), reminderDeps, {
        unlessRanWithin: { ms: everyMs * 0.9, asked: 'schedule' },
      }),
    everyMs,
  )
}
