import type { Db } from '../db/client.ts'
import { log } from '../observability/log.ts'
import { countJobRun } from '../observability/metrics.ts'
import { type SweepResult, sweepAccountRows } from '../services/accounts/account-sweep.ts'
import { type KeySweepResult, sweepIdempotencyKeys } from '../services/idempotency.ts'
import { scheduleJob } from './schedule.ts'

export interface HourlySweepResult {
  /** Null when that sweep failed (it is logged; the other still runs). */
  accounts: SweepResult | null
  idempotencyKeys: KeySweepResult | null
}

/**
 * One round of the hourly sweep: rows the account services no longer need, and idempotency keys past
 * their 24 h. Each part takes its own advisory lock and deletes by age, so running it twice, or on two
 * servers at once, deletes nothing twice. A failing part is logged and does not stop the other.
 */
export async function runHourlySweep(db: Db, now: Date): Promise<HourlySweepResult> {
  const logged =
    (what: string) =>
    (error: unknown): null => {
      log.error({ err: error }, `[sweep] ${what}`)
      return null
    }
  const accounts = await sweepAccountRows(db, now).catch(logged('account rows'))
  const idempotencyKeys = await sweepIdempotencyKeys(db, now).catch(logged('idempotency keys'))
  if (accounts) countJobRun('account-sweep', accounts.ran)
  if (idempotencyKeys) countJobRun('idempotency-sweep', idempotencyKeys.ran)
  return { accounts, idempotencyKeys }
}

/** Runs the hourly sweep now and then every `everyMs`; returns a stop function. Failures are logged, not fatal. */
export function scheduleAccountSweep(db: Db, everyMs = 60 * 60 * 1000): () => Promise<void> {
  return scheduleJob(() => runHourlySweep(db, new Date()), everyMs)
}
