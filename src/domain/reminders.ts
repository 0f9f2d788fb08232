import { shopDate } from './dates.ts'
import {
  addDays,
  balanceDueDate,
  classifyDeadline,
  DUE_SOON_DAYS,
  daysBetween,
  forfeitureDate,
  packagingDeadline,
  shippingFeeDeadline,
} from './deadlines.ts'
import type { Language } from './language.ts'

/* Reminders that reach the shopper by mail and Web Push (flows §6): the six deadline kinds and the
 * product alert ("notify me"), the page each one opens, and the push payload the service worker reads. */

export const REMINDER_KINDS = [
  'balanceDueSoon',
  'balanceOverdue',
  'packagingDueSoon',
  'packagingOverdue',
  'shippingFeeDue',
  'extraFeeDue',
  'productAvailable',
] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/**
 * What a reminder is about: an order (balance, packaging), a package (shipping fee), an extra fee or a
 * product that can be ordered again (an alert).
 */
export const REMINDER_TARGET: Record<ReminderKind, 'order' | 'package' | 'extraFee' | 'product'> = {
  balanceDueSoon: 'order',
  balanceOverdue: 'order',
  packagingDueSoon: 'order',
  packagingOverdue: 'order',
  shippingFeeDue: 'package',
  extraFeeDue: 'extraFee',
  productAvailable: 'product',
}

/**
 * The page that settles a reminder (its deep link, a path of this app): a balance on its order, a
 * packaging request on the packaging page, a shipping fee on the shipping page of its package, an
 * extra fee on the extra-fee page; an alert opens its product.
 */
export function reminderPath(kind: ReminderKind, targetId: number): string {
  switch (REMINDER_TARGET[kind]) {
    case 'order':
      return kind === 'balanceDueSoon' || kind === 'balanceOverdue' ? `/order/${targetId}` : '/packaging'
    case 'package':
      return `/shipping?packageId=${targetId}`
    case 'extraFee':
      return '/extra'
    case 'product':
      return `/product/${targetId}`
  }
}

/**
 * The push message's JSON (what the service worker's `push` handler reads). It is also in Declarative
 * Web Push's shape (`web_push: 8030`, `notification.navigate`), so Safari 18.4+ can show it without
 * the worker (web-push-facts.md).
 */
export interface ReminderPushPayload {
  web_push: 8030
  notification: {
    title: string
    body: string
    /** Absolute URL of the page that settles it. */
    navigate: string
    lang: string
    /** One per target: a newer reminder of the same target replaces the older one. */
    tag: string
    icon: string
    badge: string
    data: { url: string; kind: ReminderKind; targetId: number }
  }
}

/** The tag (and the push `Topic`, ≤ 32 URL-safe characters) of a reminder's target. */
export function reminderTag(kind: ReminderKind, targetId: number): string {
  return `${REMINDER_TARGET[kind]}-${targetId}`
}

/** BCP 47 tag of a shop language, for the notification's `lang` and the mail. */
export const LANGUAGE_TAGS: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja', en: 'en' }

/* Which reminder a target gets on a shop day (flows §4, §6): pure rules over the deadlines of
 * deadlines.ts, so the reminders, the badges and the banners agree on "due soon" and "overdue". */

/** A reminder due on a shop day and the dates its texts and its push lifetime come from. */
export interface DueReminder {
  kind: ReminderKind
  /** Past its deadline: the push goes with high urgency and the texts say so. */
  overdue: boolean
  /** The deadline the texts name: the due date, or the date that was missed; null for a fee without one. */
  deadline: string | null
  /**
   * The last shop day the shopper can settle it before the goods are forfeited or the box is locked
   * (the deadline itself while it is due soon): the push lives until its end. null: no such day.
   */
  lastDay: string | null
}

/** From `deadline`, the due-soon or overdue reminder of `today`, or none (on time, or already forfeited). */
function deadlineReminder(
  kinds: { dueSoon: ReminderKind; overdue: ReminderKind },
  deadline: string,
  today: string,
): DueReminder | undefined {
  const { state } = classifyDeadline(deadline, today)
  if (state === 'dueSoon') return { kind: kinds.dueSoon, overdue: false, deadline, lastDay: deadline }
  if (state === 'overdue') {
    return { kind: kinds.overdue, overdue: true, deadline, lastDay: forfeitureDate(deadline) }
  }
  return undefined
}

/** An order in 5 arrival: its balance is due soon or overdue (arrival + 30 days). */
export function balanceReminder(arrivedAt: string, today: string): DueReminder | undefined {
  return deadlineReminder(
    { dueSoon: 'balanceDueSoon', overdue: 'balanceOverdue' },
    balanceDueDate(arrivedAt),
    today,
  )
}

/** An order in 6 finalPay not yet requested for packaging: its request is due soon or overdue (arrival + 45). */
export function packagingReminder(arrivedAt: string, today: string): DueReminder | undefined {
  return deadlineReminder(
    { dueSoon: 'packagingDueSoon', overdue: 'packagingOverdue' },
    packagingDeadline(arrivedAt),
    today,
  )
}

/**
 * A packed box in 3 with its shipping fee unpaid (packed + 7 days), due soon or overdue until it is
 * locked. A box unlocked on `unlockedOn` (its storage fees paid) gets a new grace window from that day
 * before it may be locked again, and is reminded through it.
 */
export function shippingFeeReminder(
  packedOn: string,
  unlockedOn: string | null,
  today: string,
): DueReminder | undefined {
  const deadline = shippingFeeDeadline(packedOn)
  const daysLeft = daysBetween(today, deadline)
  if (daysLeft > DUE_SOON_DAYS) return undefined
  if (daysLeft >= 0) return { kind: 'shippingFeeDue', overdue: false, deadline, lastDay: deadline }
  const graceEnd = forfeitureDate(deadline)
  const unlockGraceEnd = unlockedOn ? forfeitureDate(unlockedOn) : graceEnd
  const lastDay = daysBetween(graceEnd, unlockGraceEnd) > 0 ? unlockGraceEnd : graceEnd
  if (daysBetween(today, lastDay) < 0) return undefined
  return { kind: 'shippingFeeDue', overdue: true, deadline, lastDay }
}

/**
 * An unpaid extra fee: with a due date, while it is due soon or overdue (not past the grace window);
 * without one, on the day it was charged (`chargedOn`, a shop date) only.
 */
export function extraFeeReminder(
  fee: { dueDate: string | null; chargedOn: string },
  today: string,
): DueReminder | undefined {
  if (fee.dueDate === null) {
    return fee.chargedOn === today
      ? { kind: 'extraFeeDue', overdue: false, deadline: null, lastDay: null }
      : undefined
  }
  const { state } = classifyDeadline(fee.dueDate, today)
  if (state !== 'dueSoon' && state !== 'overdue') return undefined
  return { kind: 'extraFeeDue', overdue: state === 'overdue', deadline: fee.dueDate, lastDay: fee.dueDate }
}

/** A push lives at least a minute and at most 28 days (what push services accept). */
export const REMINDER_TTL_MIN_SECONDS = 60
export const REMINDER_TTL_MAX_SECONDS = 28 * 86_400

/**
 * How long the push service may hold a reminder: until the end of its last day in shop time (Tokyo
 * keeps +09:00 all year), and at least until the end of today (a fee already past its due date is
 * still worth showing today); the whole 28 days when it has no last day.
 */
export function reminderTtlSeconds(lastDay: string | null, now: Date): number {
  if (lastDay === null) return REMINDER_TTL_MAX_SECONDS
  const today = shopDate(now) ?? lastDay
  const until = daysBetween(today, lastDay) > 0 ? lastDay : today
  const endsAt = Date.parse(`${addDays(until, 1)}T00:00:00+09:00`)
  const seconds = Math.floor((endsAt - now.getTime()) / 1000)
  return Math.min(Math.max(seconds, REMINDER_TTL_MIN_SECONDS), REMINDER_TTL_MAX_SECONDS)
}

/** Overdue reminders may wake the device; the others wait for a convenient moment. */
export const reminderUrgency = (due: Pick<DueReminder, 'overdue'>): 'high' | 'normal' =>
  due.overdue ? 'high' : 'normal'

/** The absolute deep link of a reminder: the shop's public address (no trailing slash) + reminderPath. */
export function reminderUrl(publicUrl: string, kind: ReminderKind, targetId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}${reminderPath(kind, targetId)}`
}

/** The icon and badge of every reminder notification (the app's icon). */
export const REMINDER_ICON = '/icon-192.png'

/** The push message of a reminder, its title and body already in the shopper's language. */
export function reminderPushPayload(input: {
  kind: ReminderKind
  targetId: number
  title: string
  body: string
  language: Language
  publicUrl: string
}): ReminderPushPayload {
  const url = reminderUrl(input.publicUrl, input.kind, input.targetId)
  return {
    web_push: 8030,
    notification: {
      title: input.title,
      body: input.body,
      navigate: url,
      lang: LANGUAGE_TAGS[input.language],
      tag: reminderTag(input.kind, input.targetId),
      icon: REMINDER_ICON,
      badge: REMINDER_ICON,
      data: { url, kind: input.kind, targetId: input.targetId },
    },
  }
}

/** Push attempts a reminder gets on its day before it is given up on. */
export const MAX_PUSH_ATTEMPTS = 3

export type ReminderDeliveryStatus = 'pending' | 'sent' | 'failed' | 'none'

/**
 * A reminder's push status after an attempt (`attempts` counts it): 'none' when the shopper has no
 * subscription; 'pending' while a push service asked to retry later and attempts are left (a retry
 * reaches every subscription again: the tag makes a device replace, not repeat, what it showed);
 * then 'sent' when any subscription took it, else 'failed'.
 */
export function pushStatusAfter(
  outcome: { subscriptions: number; sent: number; retryLater: number },
  attempts: number,
): ReminderDeliveryStatus {
  if (outcome.subscriptions === 0) return 'none'
  if (outcome.retryLater > 0 && attempts < MAX_PUSH_ATTEMPTS) return 'pending'
  return outcome.sent > 0 ? 'sent' : 'failed'
}

/** What one run of the reminders did (in the deadline sweep's answer): reminders written, mails and pushes sent. */
export interface ReminderRunSummary {
  created: number
  mailed: number
  pushed: number
}
