import { sql } from 'drizzle-orm'
import { check, date, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/* Membership levels and the monthly tier job (spec §3 vipList, §4 'Tier label'). */

/**
 * The shop's levels (GET /mall/vip/list), operator-editable: level number, points rate (a decimal
 * string, compared exactly with a member's own) and the month's spending in yen that earns it.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    vip: smallint('vip').primaryKey(),
    scoreRate: text('score_rate').notNull(),
    minMonthlySpend: integer('min_monthly_spend').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vip_levels_vip_check', sql`${t.vip} >= 1`),
    check('vip_levels_spend_check', sql`${t.minMonthlySpend} >= 0`),
  ],
)

/**
 * One row per month the tier job has run for (`month`: the first shop day of that month). The job
 * inserts it in the transaction that sets the tiers, so a second run of the same month finds it and
 * changes nothing.
 */
export const tierRuns = pgTable('tier_runs', {
  month: date('month').primaryKey(),
  membersUpdated: integer('members_updated').notNull(),
  createdAt: createdAt(),
})
