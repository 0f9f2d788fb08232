import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../src/domain/language.ts'
import {
  pushStatusAfter,
  type ReminderDeliveryStatus,
  type ReminderKind,
  reminderPushPayload,
  reminderTag,
  reminderTtlSeconds,
  reminderUrgency,
  reminderUrl,
} from '../../../src/domain/reminders.ts'
import type { Db } from '../../db/client.ts'
import { reminders, users } from '../../db/schema.ts'
import { log } from '../../observability/log.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { PushMessage, PushOutcome, PushToUser } from '../push/push-types.ts'
import { type DueTarget, dueKey } from './due-reminders.ts'
import { type ReminderText, reminderMail, reminderText } from './reminder-texts.ts'

/*
 * Delivering the day's reminders (flows §6): mail to the account's address, push to each of its
 * subscriptions. Delivery happens outside any transaction (the push sender reads and writes the
 * database itself, and mail and push services may be slow), so each batch is first claimed: its rows
 * get `delivered_at`, and no other runner takes a row claimed less than LEASE_MS ago.
 */

export interface ReminderDeps {
  mailer: Mailer
  /** The shop's public address (no trailing slash): the links in mail and notifications. */
  publicUrl: string
  pushToUser: PushToUser
}

/** Rows claimed at a time: each claim is one short statement. */
const BATCH = 200
/** Reminders delivered at once within a batch. */
const PARALLEL = 8
/**
 * How long a claim holds: longer than a batch takes (a push times out after 10 s), shorter than the
 * hour between runs, so a push asked to wait is retried by the next run of the day.
 */
export const LEASE_MS = 10 * 60_000

interface Claimed {
  id: number
  kind: string
  targetId: number
  userId: number
  language: string
  mailStatus: string
  pushStatus: string
  pushAttempts: number
}

interface Delivered {
  id: number
  mail_status: ReminderDeliveryStatus
  push_status: ReminderDeliveryStatus
  push_attempts: number
}

/**
 * Delivers the reminders `ids` (today's, still pending) not claimed by another runner, batch by batch;
 * `due` has the facts of each (by dueKey). Answers how many mails and pushes went out.
 */
export async function deliverReminders(
  db: Db,
  deps: ReminderDeps,
  work: { ids: number[]; due: Map<string, DueTarget> },
  now: Date,
): Promise<{ mailed: number; pushed: number }> {
  let mailed = 0
  let pushed = 0
  for (let start = 0; start < work.ids.length; start += BATCH) {
    const batch = await claim(db, work.ids.slice(start, start + BATCH), now)
    if (batch.length === 0) continue
    const addresses = await addressesOf(
      db,
      batch.map((row) => row.userId),
    )
    const delivered: Delivered[] = []
    for (let at = 0; at < batch.length; at += PARALLEL) {
      const slice = batch.slice(at, at + PARALLEL)
      delivered.push(
        ...(await Promise.all(
          slice.map((row) =>
            deliverOne(deps, row, work.due.get(dueKey(row.kind, row.targetId, row.userId)), addresses, now),
          ),
        )),
      )
    }
    await record(db, delivered, now)
    for (const [row, done] of batch.map((row, k) => [row, delivered[k]] as const)) {
      if (row.mailStatus === 'pending' && done?.mail_status === 'sent') mailed += 1
      if (row.pushStatus === 'pending' && done?.push_status === 'sent') pushed += 1
    }
  }
  return { mailed, pushed }
}

/** Takes the rows of `ids` still pending and not claimed within LEASE_MS (skipping rows another runner holds). */
async function claim(db: Db, ids: number[], now: Date): Promise<Claimed[]> {
  const free = db
    .select({ id: reminders.id })
    .from(reminders)
    .where(
      and(
        inArray(reminders.id, ids),
        or(eq(reminders.mailStatus, 'pending'), eq(reminders.pushStatus, 'pending')),
        or(isNull(reminders.deliveredAt), lte(reminders.deliveredAt, new Date(now.getTime() - LEASE_MS))),
      ),
    )
    .for('update', { skipLocked: true })
  const rows = await db
    .update(reminders)
    .set({ deliveredAt: now })
    .where(inArray(reminders.id, free))
    .returning({
      id: reminders.id,
      kind: reminders.kind,
      targetId: reminders.targetId,
      userId: reminders.userId,
      language: reminders.language,
      mailStatus: reminders.mailStatus,
      pushStatus: reminders.pushStatus,
      pushAttempts: reminders.pushAttempts,
    })
  return rows.sort((a, b) => a.id - b.id)
}

/** The sign-in addresses of the accounts still enabled. */
async function addressesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...new Set(userIds)]), eq(users.disabled, false)))
  return new Map(rows.map((row) => [row.id, row.email]))
}

/** Mail and push of one reminder, each only while still pending; never throws. */
async function deliverOne(
  deps: ReminderDeps,
  row: Claimed,
  target: DueTarget | undefined,
  addresses: Map<number, string>,
  now: Date,
): Promise<Delivered> {
  const address = addresses.get(row.userId)
  const mailPending = row.mailStatus === 'pending'
  const pushPending = row.pushStatus === 'pending'
  // Settled or disabled since it was written: nothing left to send.
  if (!target || address === undefined) {
    return {
      id: row.id,
      mail_status: mailPending ? 'none' : (row.mailStatus as ReminderDeliveryStatus),
      push_status: pushPending ? 'none' : (row.pushStatus as ReminderDeliveryStatus),
      push_attempts: row.pushAttempts,
    }
  }
  const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE
  const kind = row.kind as ReminderKind
  const text = reminderText(language, target)
  const url = reminderUrl(deps.publicUrl, kind, row.targetId)
  const [mail, push] = await Promise.all([
    mailPending ? mailOne(deps, row.id, reminderMail({ to: address, language, text, url })) : undefined,
    pushPending
      ? pushOne(
          deps,
          row,
          pushMessage(deps, { kind, language, targetId: row.targetId }, target, text, now),
          now,
        )
      : undefined,
  ])
  return {
    id: row.id,
    mail_status: mail ?? (row.mailStatus as ReminderDeliveryStatus),
    push_status: push?.status ?? (row.pushStatus as ReminderDeliveryStatus),
    push_attempts: push?.attempts ?? row.pushAttempts,
  }
}

/** The push of a reminder: kept until its last day ends, urgent once overdue, one topic per target. */
function pushMessage(
  deps: ReminderDeps,
  reminder: { kind: ReminderKind; language: Language; targetId: number },
  target: DueTarget,
  text: ReminderText,
  now: Date,
): PushMessage {
  const { kind, language, targetId } = reminder
  const payload = reminderPushPayload({ kind, targetId, ...text, language, publicUrl: deps.publicUrl })
  return {
    payload: JSON.stringify(payload),
    ttlSeconds: reminderTtlSeconds(target.due.lastDay, now),
    topic: reminderTag(kind, targetId),
    urgency: reminderUrgency(target.due),
  }
}

async function mailOne(
  deps: ReminderDeps,
  id: number,
  message: ReturnType<typeof reminderMail>,
): Promise<ReminderDeliveryStatus> {
  if (!message.to) return 'none'
  try {
    await deps.mailer.send(message)
    return 'sent'
  } catch (error) {
    log.error({ err: error }, `[reminders] mail of reminder ${id} failed`)
    return 'failed'
  }
}

async function pushOne(
  deps: ReminderDeps,
  row: Claimed,
  message: PushMessage,
  now: Date,
): Promise<{ status: ReminderDeliveryStatus; attempts: number }> {
  const attempts = row.pushAttempts + 1
  let outcome: PushOutcome
  try {
    outcome = await deps.pushToUser(row.userId, message, now)
  } catch (error) {
    // The sender itself failed (its database, its keys): as if every push service asked to wait.
    log.error({ err: error }, `[reminders] push of reminder ${row.id} failed`)
    outcome = { subscriptions: 1, sent: 0, removed: 0, retryLater: 1, failed: 0 }
  }
  return { status: pushStatusAfter(outcome, attempts), attempts }
}

/** Writes the batch's statuses in one statement. */
async function record(db: Db, delivered: Delivered[], now: Date): Promise<void> {
  if (delivered.length === 0) return
  await db.execute(sql`
    update reminders r
    set mail_status = d.mail_status, push_status = d.push_status, push_attempts = d.push_attempts,
      delivered_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(delivered)}::jsonb)
      as d(id int, mail_status text, push_status text, push_attempts int)
    where r.id = d.id
  `)
}
