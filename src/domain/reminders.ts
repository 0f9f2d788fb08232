import type { Language } from './language.ts'

/* Reminders that reach the shopper by mail and Web Push (flows §6): the six kinds, the page each one
 * opens, and the push payload the service worker reads. */

export const REMINDER_KINDS = [
  'balanceDueSoon',
  'balanceOverdue',
  'packagingDueSoon',
  'packagingOverdue',
  'shippingFeeDue',
  'extraFeeDue',
] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** What a reminder is about: an order (balance, packaging), a package (shipping fee) or an extra fee. */
export const REMINDER_TARGET: Record<ReminderKind, 'order' | 'package' | 'extraFee'> = {
  balanceDueSoon: 'order',
  balanceOverdue: 'order',
  packagingDueSoon: 'order',
  packagingOverdue: 'order',
  shippingFeeDue: 'package',
  extraFeeDue: 'extraFee',
}

/**
 * The page that settles a reminder (its deep link, a path of this app): a balance on its order, a
 * packaging request on the packaging page, a shipping fee on the shipping page of its package, an
 * extra fee on the extra-fee page.
 */
export function reminderPath(kind: ReminderKind, targetId: number): string {
  switch (REMINDER_TARGET[kind]) {
    case 'order':
      return kind === 'balanceDueSoon' || kind === 'balanceOverdue' ? `/order/${targetId}` : '/packaging'
    case 'package':
      return `/shipping?packageId=${targetId}`
    case 'extraFee':
      return '/extra'
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
