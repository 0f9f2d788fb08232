import type { Db } from '../db/client.ts'
import { log } from '../observability/log.ts'
import { countJobRun } from '../observability/metrics.ts'
import { assignMonthlyTiers, type TierRunResult } from '../services/tiers/monthly-tiers.ts'
import { scheduleJob } from './schedule.ts'

/**
 * One run of the monthly tier job: sets the month's tiers if nobody has yet. Safe at any time, from
 * any server, as often as wanted (once per month takes effect; one runner at a time). Logs what it did;
 * answers null when the run failed (it is logged).
 */
export async function runTierJob(db: Db, now: Date): Promise<TierRunResult | null> {
  try {
    const result = await assignMonthlyTiers(db, now)
    countJobRun('tiers', result.ran)
    // Quiet on the hourly no-op; one line when the month's tiers are set.
    if (result.ran) log.info(`[tiers] ${result.month}: ${result.membersUpdated} member(s) set`)
    return result
  } catch (error) {
    log.error({ err: error }, '[tiers] run failed')
    return null
  }
}

/**
 * Runs the job now and then every `everyMs` (an hour, so the month's tiers are set within an hour of
 * midnight on the 1st, or of a start later in the month), on the shop's clock. Returns a stop function.
 */
export function scheduleTierJob(db: Db, now: () => Date, everyMs = 3_600_000): () => Promise<void> {
  return scheduleJob(() => runTierJob(db, now()), everyMs)
}
