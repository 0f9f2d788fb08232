import { and, isNotNull, lt, or } from 'drizzle-orm'
import { tryAdvisoryXactLock } from '../../db/advisory-locks.ts'
import type { Db } from '../../db/client.ts'
import { emailCodes, rateLimitCounters, sessions } from '../../db/schema.ts'

/** Advisory-lock key of this sweep, so one server of many runs it at a time. */
const SWEEP_LOCK = 7_140_101
const DAY_MS = 24 * 60 * 60 * 1000
/** Ended sessions are kept a while, so "signed out" questions can still be answered from the rows. */
const KEEP_ENDED_SESSIONS_DAYS = 30
/** The longest rate-limit window is an hour; a day's margin. */
const KEEP_COUNTERS_DAYS = 1
/** Used or expired codes are kept a day, which the resend wait and support look-ups need at most. */
const KEEP_CODES_DAYS = 1

export interface SweepResult {
  ran: boolean
  sessions: number
  codes: number
  counters: number
}

/**
 * Deletes rows the account services no longer need: rate-limit windows long over, codes long used or
 * expired, sessions long ended. Every login from a new address and every code adds rows, so without
 * this the tables only grow. Skips (ran: false) while another server holds the sweep.
 */
export async function sweepAccountRows(db: Db, now: Date): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, SWEEP_LOCK)))
      return { ran: false, sessions: 0, codes: 0, counters: 0 }
    const before = (days: number) => new Date(now.getTime() - days * DAY_MS)
    const counters = await tx
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, before(KEEP_COUNTERS_DAYS)))
      .returning({ bucket: rateLimitCounters.bucket })
    const codes = await tx
      .delete(emailCodes)
      .where(lt(emailCodes.expiresAt, before(KEEP_CODES_DAYS)))
      .returning({ id: emailCodes.id })
    const endedBefore = before(KEEP_ENDED_SESSIONS_DAYS)
    const ended = await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, endedBefore),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, endedBefore)),
        ),
      )
      .returning({ id: sessions.id })
    return { ran: true, sessions: ended.length, codes: codes.length, counters: counters.length }
  })
}
