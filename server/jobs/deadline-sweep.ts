import type { DeadlineSweepResult } from '../../src/domain/arrival.ts'
import type { Db } from '../db/client.ts'
import { sweepDeadlines } from '../services/deadlines/deadline-sweep.ts'

/**
 * One run of the deadline sweep (flows §4): the 30-minute payment window, late fees, forfeiture. Safe
 * at any time, from any server, as often as wanted: it is idempotent per order and day and one runner
 * at a time does the work. Logs a one-line summary; answers null when the run failed (it is logged).
 */
export async function runDeadlineSweep(db: Db, now: Date): Promise<DeadlineSweepResult | null> {
  try {
    const result = await sweepDeadlines(db, now)
    console.log(`[deadlines] ${summaryOf(result)}`)
    return result
  } catch (error) {
    console.error('[deadlines] run failed:', error)
    return null
  }
}

function summaryOf(result: DeadlineSweepResult): string {
  const expired = `${result.expired.length} unpaid order(s) cancelled`
  if (!result.ran) return `${result.today}: ${expired}; the rest left to the runner holding the sweep`
  return [
    `${result.today}: ${expired}`,
    `late fees ${result.lateFeesCreated.length} created, ${result.lateFeesUpdated.length} updated`,
    `storage fees ${result.storageFeesCreated.length} created, ${result.storageFeesUpdated.length} updated`,
    `package storage fees ${result.packageStorageFeesCreated.length} created, ${result.packageStorageFeesUpdated.length} updated`,
    // Counts only: the audit log names each forfeited order and locked package.
    `${result.forfeited.length} order(s) forfeited`,
    `${result.packagesLocked.length} package(s) locked`,
  ].join('; ')
}

/**
 * Runs the sweep now and then every `everyMs` (an hour: fees move once a day, so an hour is early
 * enough after midnight), on the shop's clock. A run still going when the next is due is not doubled.
 * Returns a stop function.
 */
export function scheduleDeadlineSweep(db: Db, now: () => Date, everyMs = 3_600_000): () => void {
  let running: Promise<unknown> | undefined
  const run = () => {
    if (running) return
    running = runDeadlineSweep(db, now()).finally(() => {
      running = undefined
    })
  }
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
