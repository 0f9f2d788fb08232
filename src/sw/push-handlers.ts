import { notificationClickAction } from '../domain/push.ts'
import type { ReminderPushPayload } from '../domain/reminders.ts'

/*
 * The worker's Web Push handlers (flows §6): a reminder's push shows its notification; a click opens
 * the page that settles it, in a window of the app if one is open. Each takes what it uses, so the
 * tests hand it fakes; sw.ts wires them to the worker's events.
 */

/** The part of a ServiceWorkerRegistration that shows notifications. */
export interface NotificationShower {
  showNotification(title: string, options?: NotificationOptions): Promise<void>
}

/** The part of PushMessageData the handler reads. */
export interface PushText {
  json(): unknown
}

/** A window of the app, as clients.matchAll({ type: 'window' }) lists it. */
export interface AppWindow {
  id: string
  url: string
  focused: boolean
  focus(): Promise<unknown>
  navigate(url: string): Promise<unknown>
}

/** The part of the worker's `clients` the click handler uses. */
export interface AppWindows {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>
  openWindow(url: string): Promise<unknown>
}

const FALLBACK_ICON = '/icon-192.png'

const isText = (value: unknown): value is string => typeof value === 'string'
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined

/** The payload's notification when it is a reminder's (title and deep link at least), else undefined. */
function reminderOf(data: PushText | null): ReminderPushPayload['notification'] | undefined {
  let parsed: unknown
  try {
    parsed = data?.json()
  } catch {
    return undefined // not JSON
  }
  const notification = record(record(parsed)?.notification)
  const link = record(notification?.data)
  if (!notification || !link || !isText(notification.title) || !notification.title || !isText(link.url))
    return undefined
  return notification as ReminderPushPayload['notification']
}

/**
 * What a push shows: the reminder's title, body, icon, badge, tag (one per target, so a newer reminder
 * replaces an older one), language and deep link. A payload that is not a reminder still has to show
 * something (browsers require a visible notification for each push): "Yoyaku", opening the home page.
 */
export function pushNotification(
  data: PushText | null,
  origin: string,
): { title: string; options: NotificationOptions } {
  const reminder = reminderOf(data)
  if (!reminder) {
    return { title: 'Yoyaku', options: { icon: FALLBACK_ICON, data: { url: `${origin}/` } } }
  }
  const { title, body, icon, badge, tag, lang, data: link } = reminder
  const text = (value: unknown) => (isText(value) && value ? value : undefined)
  return {
    title,
    options: {
      body: text(body),
      icon: text(icon) ?? FALLBACK_ICON,
      badge: text(badge),
      tag: text(tag),
      lang: text(lang),
      data: { url: link.url, kind: link.kind, targetId: link.targetId },
    },
  }
}

/** The `push` event's work: show the notification the payload asks for. */
export function showPushNotification(
  registration: NotificationShower,
  data: PushText | null,
  origin: string,
): Promise<void> {
  const { title, options } = pushNotification(data, origin)
  return registration.showNotification(title, options)
}

/**
 * The `notificationclick` event's work (after closing the notification): focus the window already on
 * the page, or bring a window of the app to it, or open a new one (notificationClickAction chooses).
 * A window the worker does not control cannot be navigated: the page opens in a new one then.
 */
export async function openNotificationTarget(
  data: unknown,
  origin: string,
  clients: AppWindows,
): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  const action = notificationClickAction(data, origin, windows)
  const chosen = action.kind === 'focus' ? windows.find((window) => window.id === action.clientId) : undefined
  if (!chosen) {
    await clients.openWindow(action.url)
    return
  }
  await chosen.focus()
  if (chosen.url === action.url) return
  try {
    await chosen.navigate(action.url)
  } catch {
    await clients.openWindow(action.url)
  }
}
