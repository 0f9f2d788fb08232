import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import type { ReminderRunSummary } from '../../../src/domain/reminders.ts'
import { tryAdvisoryXactLock } from '../../db/advisory-locks.ts'
import type { Db } from '../../db/client.ts'
import { reminders } from '../../db/schema.ts'
import { alertsStillDue } from '../alerts/alert-targets.ts'
import { deliverReminders, type ReminderDeps } from './deliver-reminders.ts'
import { type DueTarget, dueKey, findDueReminders } from './due-reminders.ts'

export type { ReminderDeps } from './deliver-reminders.ts'

/*
 * The reminders step of the deadline sweep (flows §4, §6): each reminder due on the shop day is
 * written once per kind, target and day (the reminders table's unique index), then delivered by mail
 * and push (deliver-reminders.ts). Run after the sweep, hourly and from the console.
 */

/**
 * Advisory-lock class of the reminders (see deadline-sweep.ts for the others): one runner at a time
 * decides what is due and writes it; another finds it taken and leaves the day's work to it.
 */
const REMINDERS_LOCK = 7_140_106

/** Rows per insert statement. */
const CHUNK = 1000

/** What one run did; `ran` is false when another runner held the reminders. */
export interface ReminderRun extends ReminderRunSummary {
  ran: boolean
}

/**
 * One run for the shop day of `now`: under the lock, the day's due reminders are written (those
 * already written today are left alone), pending ones whose target was settled since are closed
 * ('none'), and earlier days' still pending ones given up ('failed'); then every pending reminder of
 * the day is delivered, a push asked to wait retried by a later run. A second run the same day sends
 * nothing new.
 */
export async function sendReminders(db: Db, deps: ReminderDeps, now: Date): Promise<ReminderRun> {
  const today = shopDate(now)
  if (!today) throw new RangeError('the reminders need a valid clock')
  const work = await db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, REMINDERS_LOCK))) return undefined
    // The product alerts written today and not delivered yet are due while their product can be ordered.
    const due = [...(await findDueReminders(tx, today)), ...(await alertsStillDue(tx, today))]
    await giveUpEarlierDays(tx, today)
    const created = (await writeReminders(tx, due, today, now)).length
    const ids = await pendingStillDue(tx, due, today)
    return { created, ids, due: dueByKey(due) }
  })
  if (!work) return { ran: false, created: 0, mailed: 0, pushed: 0 }
  const { mailed, pushed } = await deliverReminders(db, deps, work, now)
  return { ran: true, created: work.created, mailed, pushed }
}

/** The due reminders by dueKey, as deliverReminders looks them up. */
export const dueByKey = (due: DueTarget[]): Map<string, DueTarget> =>
  new Map(due.map((item) => [dueKey(item.kind, item.targetId, item.userId), item]))

/** A reminder row just written. */
export interface WrittenReminder {
  id: number
  targetId: number
  userId: number
}

/** Inserts today's reminders not written yet; answers those that were. */
export async function writeReminders(
  tx: Db,
  due: DueTarget[],
  today: string,
  now: Date,
): Promise<WrittenReminder[]> {
  const written: WrittenReminder[] = []
  for (let start = 0; start < due.length; start += CHUNK) {
    const chunk = due.slice(start, start + CHUNK).map((item) => ({
      kind: item.kind,
      target_id: item.targetId,
      user_id: item.userId,
      language: item.language,
    }))
    // One JSON parameter per chunk, as the sweep's upserts: thousands of bound values cost more to send
    // than the rows do to write.
    const result = (await tx.execute(sql`
      insert into reminders (kind, target_id, shop_date, user_id, language, created_at)
      select r.kind, r.target_id, ${today}::date, r.user_id, r.language, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as r(kind varchar, target_id int, user_id int, language varchar)
      on conflict (kind, target_id, shop_date, user_id) do nothing
      returning id, target_id, user_id
    `)) as unknown as { rows: { id: number; target_id: number; user_id: number }[] }
    written.push(...result.rows.map((row) => ({ id: row.id, targetId: row.target_id, userId: row.user_id })))
  }
  return written
}

/** A pending channel stays as it is on a row that is still due, else becomes `to`. */
const closePending = (
  column: typeof reminders.mailStatus | typeof reminders.pushStatus,
  to: 'none' | 'failed',
) => sql`case when ${column} = 'pending' then ${to} else ${column} end`

const isPending = or(eq(reminders.mailStatus, 'pending'), eq(reminders.pushStatus, 'pending'))

/** A reminder of an earlier day still pending (a push never taken, a run cut short) is given up on. */
async function giveUpEarlierDays(tx: Db, today: string): Promise<void> {
  await tx
    .update(reminders)
    .set({
      mailStatus: closePending(reminders.mailStatus, 'failed'),
      pushStatus: closePending(reminders.pushStatus, 'failed'),
    })
    .where(and(lt(reminders.shopDate, today), isPending))
}

/**
 * Today's pending reminders: the ids of those still due, to deliver; those whose target was settled
 * (paid, forfeited, cancelled) or whose account was disabled since are closed with 'none'.
 */
async function pendingStillDue(tx: Db, due: DueTarget[], today: string): Promise<number[]> {
  const pending = await tx
    .select({
      id: reminders.id,
      kind: reminders.kind,
      targetId: reminders.targetId,
      userId: reminders.userId,
    })
    .from(reminders)
    .where(and(eq(reminders.shopDate, today), isPending))
    .orderBy(reminders.id)
  const dueNow = new Set(due.map((item) => dueKey(item.kind, item.targetId, item.userId)))
  const stale = pending
    .filter((row) => !dueNow.has(dueKey(row.kind, row.targetId, row.userId)))
    .map((row) => row.id)
  for (let start = 0; start < stale.length; start += CHUNK) {
    await tx
      .update(reminders)
      .set({
        mailStatus: closePending(reminders.mailStatus, 'none'),
        pushStatus: closePending(reminders.pushStatus, 'none'),
      })
      .where(inArray(reminders.id, stale.slice(start, start + CHUNK)))
  }
  const closed = new Set(stale)
  return pending.filter((row) => !closed.has(row.id)).map((row) => row.id)
}
