import { eq, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { addMonths, lastDayOfMonth, type ShopMonth, shopMonthOf } from '../../../src/domain/tier-terms.ts'
import { TIER_ROLES } from '../../../src/domain/tiers.ts'
import { tryAdvisoryXactLock } from '../../db/advisory-locks.ts'
import type { Db } from '../../db/client.ts'
import { tierRuns, users, vipLevels } from '../../db/schema.ts'
import { writeAudit } from '../ops/audit.ts'
import { spendingOf } from './monthly-spend.ts'

/*
 * The monthly tier job (spec §4 'Tier label'; issue 17): on the first day of each shop month, every
 * member's points rate follows last month's spending by the VIP levels, and holds to the month's end.
 */

/**
 * Advisory-lock class of the tier job (see deadline-sweep.ts and order-expiry.ts for the others): one
 * runner at a time across every server process.
 */
const TIER_JOB_LOCK = 7_140_120

export interface TierRunResult {
  /** Whether this call set the month's tiers (false: already done, or another runner is at it). */
  ran: boolean
  /** The shop month the tiers are for (its first day). */
  month: ShopMonth
  /** Members whose rate and tier end this call set. */
  membersUpdated: number
}

/**
 * Sets the tiers of the shop month of `now`, once: the first call of the month does it (on the 1st, or
 * later when the server was down), every later one finds the month's tier_runs row and changes nothing.
 * The rates, the tier ends and that row commit together under the job's lock. `actorId` is the
 * operator who ran it from the console; null for the schedule.
 */
export async function assignMonthlyTiers(
  db: Db,
  now: Date,
  actorId: number | null = null,
): Promise<TierRunResult> {
  const today = shopDate(now)
  if (!today) throw new RangeError('the tier job needs a valid clock')
  const month = shopMonthOf(today)
  const notRun: TierRunResult = { ran: false, month, membersUpdated: 0 }
  // The hourly schedule asks all month long: after the 1st this read is all it costs.
  if (await hasRun(db, month)) return notRun
  return db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, TIER_JOB_LOCK))) return notRun
    // Another runner may have finished the month between the read above and the lock.
    if (await hasRun(tx, month)) return notRun
    const membersUpdated = await setMemberTiers(tx, month, now)
    await tx.insert(tierRuns).values({ month, membersUpdated, createdAt: now })
    await writeAudit(tx, {
      actorId,
      action: 'tiers.run',
      entity: 'tierRun',
      entityId: month,
      before: null,
      after: { membersUpdated, spendingMonth: addMonths(month, -1), scoreTime: lastDayOfMonth(month) },
      at: now,
    })
    return { ran: true, month, membersUpdated }
  })
}

async function hasRun(db: Db, month: ShopMonth): Promise<boolean> {
  const [row] = await db.select({ month: tierRuns.month }).from(tierRuns).where(eq(tierRuns.month, month))
  return row !== undefined
}

/**
 * One statement for every member (not a query per member): last month's spending picks the level with
 * the highest threshold it reaches, whose rate the member gets as its exact decimal string, until the
 * month's last day. Answers how many members it set.
 */
async function setMemberTiers(tx: Db, month: ShopMonth, now: Date): Promise<number> {
  const memberRoles = sql.join(
    TIER_ROLES.map((role) => sql`${role}`),
    sql`, `,
  )
  // Materialized: each member's spending is summed once, not once per level it is compared with.
  const spending = spendingOf(sql`m.id`, addMonths(month, -1))
  const result = (await tx.execute(sql`
    with spent as materialized (
      select m.id, ${spending} as total
      from ${users} as m
      where m.kind = 'customer' and m.role in (${memberRoles})
    ),
    levelled as (
      select spent.id,
        (select l.score_rate from ${vipLevels} as l
          where l.min_monthly_spend <= spent.total
          order by l.min_monthly_spend desc limit 1) as rate
      from spent
    ),
    updated as (
      update ${users} as u
      set score_rate = levelled.rate, score_time = ${lastDayOfMonth(month)}::date,
        updated_at = ${now.toISOString()}::timestamptz
      from levelled where u.id = levelled.id
      returning u.id
    )
    select count(*)::int as count from updated
  `)) as unknown as { rows: { count: number }[] }
  return Number(result.rows[0]?.count ?? 0)
}
