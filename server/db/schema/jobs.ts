import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * When each scheduled job last did its work, on the shop's clock: written under the job's advisory
 * lock, so every process sees it. A run asked for again within its window (two processes' hourly
 * timers, or "run now" pressed on two of them at once) is answered `ran: false` instead of a repeat.
 */
export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
})
