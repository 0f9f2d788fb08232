import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { jobRuns } from '../db/schema.ts'

/**
 * Claims this run of a job, inside the transaction that holds the job's advisory lock: false when the
 * job last ran less than `withinMs` before `now` (another process's timer, or "run now" pressed on two
 * processes at once, has just done the work), else records `now` as its last run and answers true.
 * Without `withinMs` the run always goes ahead (and is recorded).
 */
export async function claimJobRun(tx: Db, job: string, now: Date, withinMs?: number): Promise<boolean> {
  const [last] = await tx
    .select({ at: jobRuns.lastRunAt })
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .for('update')
  if (last && withinMs !== undefined) {
    const since = now.getTime() - last.at.getTime()
    if (since >= 0 && since < withinMs) return false
  }
  await tx
    .insert(jobRuns)
    .values({ job, lastRunAt: now })
    .onConflictDoUpdate({ target: jobRuns.job, set: { lastRunAt: now } })
  return true
}
