import type { Db } from '../db/client.ts'
import { assignMonthlyTiers, type TierRunResult } from '../services/tiers/monthly-tiers.ts'

/**
 * One run of the monthly tier job: sets the month's tiers if nobody has yet. Safe at any time, from
 * any server, as often as wanted (once per month takes effect; one runner at a time). Logs what it did;
 * answers null when the run failed (it is logged).
 */
export async function runTierJob(db: Db, now: Date): Promise<TierRunResult | null> {
  try {
    const result = await assignMonthlyTiers(db, now)
    // Quiet on the hourly no-op; one line when the month's tiers are set.
    if (result.ran) console.log(`[tiers] ${result.month}: ${result.membersUpdated} member(s) set`)
    return result
  } catch (error) {
    console.error('[tiers] run failed:', error)
    return null
  }
}

/**
 * Runs the job now and then every `everyMs` (an hour, so the month's tiers are set within an hour of
 * midnight on the 1st, or of a start later in the month), on the shop's clock. A run still going when
 * the next is due is not doubled. Returns a stop function.
 */
export function scheduleTierJob(db: Db, now: () => Date, everyMs = 3_600_000): () => void {
  let running: Promise<unknown> | undefined
  const run = () => {
    if (running) return
    running = runTierJob(db, now()).finally(() => {
      running = undefined
    })
  }
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
