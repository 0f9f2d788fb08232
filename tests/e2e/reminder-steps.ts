import assert from 'node:assert/strict'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import type { DeadlineSweepResult } from '../../src/domain/arrival.ts'
import type { Language } from '../../src/domain/language.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDetailDto } from '../../src/domain/orders.ts'
import { readSessionClaims } from '../../src/domain/session.ts'
import { translated } from './catalog-text.ts'
import { eventually, orderDetail, paidOrderThroughApi, type Shopper, textIn, WAIT } from './checkout-steps.ts'
import type { Customer } from './customer.ts'
import type { RunningShop } from './shop.ts'

/* Steps of the reminder and extra-fee browser tests: the browser's push subscription (stubbed, as
 * web-push-facts.md says it must be), pushes relayed into the real service worker, and the API steps
 * that make something overdue. */

/**
 * A message with a count (`<Plural value={count} other="…" />`, msgid `{count, plural, other {…}}`)
 * as a shopper of `language` reads it for `count`.
 */
export function pluralIn(language: Language, source: string, count: number): string {
  const text = language === 'zhCn' ? source : translated(language, source)
  const body = /^\{\w+, plural, (.*)\}$/s.exec(text)?.[1]
  assert.ok(body, `${text} is a plural message`)
  const forms = new Map([...body.matchAll(/(=?\w+) \{([^{}]*)\}/g)].map((form) => [form[1], form[2]]))
  const category = new Intl.PluralRules(language === 'zhCn' ? 'zh-CN' : language).select(count)
  const form = forms.get(`=${count}`) ?? forms.get(category) ?? forms.get('other')
  assert.ok(form !== undefined, `${text} has a form for ${count}`)
  return form.replace(/#/g, String(count))
}

/** The account id of a customer (the token's `sub`), as the console names shoppers. */
export function userIdOf(customer: Customer): number {
  const claims = readSessionClaims(customer.token)
  assert.ok(claims, 'the token carries the session claims')
  return Number(claims.sub)
}

/** What the shop's deadline sweep answers the console (`POST /api/ops/jobs/deadlines/run`). */
export type SweepAnswer = DeadlineSweepResult & {
  reminders: { created: number; mailed: number; pushed: number }
}

/** The operator's "run the deadline sweep now" (late fees, forfeiture, then the day's reminders). */
export function runDeadlineSweep(ops: Customer): Promise<SweepAnswer> {
  return ops.api<SweepAnswer>('POST', '/ops/jobs/deadlines/run')
}

/**
 * An order whose balance is overdue: deposit paid through the API, then booked by the operator as
 * arrived on `arrivedAt`, more than 30 days back (the balance is due 30 days after arrival).
 */
export async function orderWithOverdueBalance(
  shop: RunningShop,
  shopper: Shopper,
  ops: Customer,
  arrivedAt: string,
): Promise<OrderDetailDto> {
  const order = await paidOrderThroughApi(shop, shopper)
  await ops.api('POST', `/ops/orders/${order.id}/arrival`, { arrivedAt })
  return eventually(
    () => orderDetail(shopper.customer, order.id),
    (detail) => detail.status === OrderStatus.arrival && detail.deadlineState === 'overdue',
    'the balance is overdue',
  )
}

/** A subscription as the test's push service knows it: its endpoint and the browser's keys. */
export interface FakeSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * Makes `PushManager.subscribe` and `getSubscription` in the context's pages answer a subscription on
 * the test's push service: headless Chromium cannot subscribe through its own (web-push-facts.md).
 * Once subscribed, `getSubscription` keeps answering it (kept in the tab's sessionStorage, so a reload
 * sees it too) until it is unsubscribed.
 */
export async function stubPushSubscription(context: BrowserContext, fake: FakeSubscription): Promise<void> {
  await context.addInitScript((subscription: FakeSubscription) => {
    if (typeof PushManager !== 'function') return
    const STORED = 'e2e-push-subscription-key'
    const bytes = (base64url: string) => {
      const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
      return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) =>
        char.charCodeAt(0),
      ).buffer
    }
    const made = (applicationServerKey: number[]) => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(applicationServerKey).buffer },
      getKey: (name: string) =>
        name === 'p256dh' ? bytes(subscription.p256dh) : name === 'auth' ? bytes(subscription.auth) : null,
      toJSON: () => ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      }),
      unsubscribe: async () => {
        sessionStorage.removeItem(STORED)
        return true
      },
    })
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey
      const keyBytes =
        key instanceof ArrayBuffer
          ? new Uint8Array(key)
          : ArrayBuffer.isView(key)
            ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
            : new Uint8Array()
      const stored = [...keyBytes]
      sessionStorage.setItem(STORED, JSON.stringify(stored))
      return made(stored) as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = sessionStorage.getItem(STORED)
      return stored ? (made(JSON.parse(stored) as number[]) as unknown as PushSubscription) : null
    }
  }, fake)
}

/** The notification as the service worker showed it (`registration.getNotifications()`). */
export interface ShownNotification {
  title: string
  body: string
  tag: string
  lang: string
  data: { url?: string; kind?: string; targetId?: number } | null
}

/** The page's service worker, reachable through CDP to deliver pushes to it. */
export interface WorkerPushes {
  /**
   * Fires the worker's `push` event with `data` (the decrypted text a push service would deliver) and
   * waits for the notifications it shows. When none shows within a few seconds the message is delivered
   * again, as a push service redelivers what the browser did not take (on a loaded machine Chromium can
   * fail to start the worker for the event); the notification's tag keeps a redelivery to one. Fails
   * with the worker's states after three deliveries.
   */
  deliverUntilShown(data: string): Promise<ShownNotification[]>
}

/**
 * Hooks CDP to the worker registered for the whole origin (scope `origin/`), so a test can relay a
 * push message into it as the browser's push client would (web-push-facts.md 'Test strategy' 7).
 */
export async function workerPushes(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<WorkerPushes> {
  const cdp: CDPSession = await context.newCDPSession(page)
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations)
      registrations.set(registration.registrationId, registration)
  })
  const versions = new Map<string, { runningStatus: string; status: string }>()
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const version of event.versions) versions.set(version.versionId, version)
  })
  await cdp.send('ServiceWorker.enable')
  const registrationId = await eventually(
    async () =>
      [...registrations].find(([, entry]) => entry.scopeURL === `${origin}/` && !entry.isDeleted)?.[0],
    (id) => id !== undefined,
    'the service worker registration of the origin',
  )
  assert.ok(registrationId)
  return {
    deliverUntilShown: async (data) => {
      for (let delivery = 1; delivery <= 3; delivery++) {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data })
        for (let waited = 0; waited < 8000; waited += 250) {
          const shown = await shownNotifications(page)
          if (shown.length > 0) return shown
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      }
      const states = [...versions.values()].map((version) => `${version.status}/${version.runningStatus}`)
      const permission = await page.evaluate(() => Notification.permission)
      return assert.fail(
        `no notification after 3 deliveries (worker versions: ${states.join(', ')}; permission: ${permission})`,
      )
    },
  }
}

/** The notifications the app's service worker is showing, read from the page. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const shown = await registration.getNotifications()
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      lang: notification.lang,
      data: notification.data as ShownNotification['data'],
    }))
  })
}

/** Resolves once the dialog named `name` has not appeared within `ms` (the page had its chance). */
export async function staysClosed(page: Page, name: string, ms = 2000): Promise<void> {
  const dialog = page.getByRole('dialog', { name, exact: true })
  await assert.rejects(dialog.waitFor({ timeout: ms }), `the dialog "${name}" does not open`)
}

/** The tips dialog a shopper with anything pending sees on their first page of a session: closed as they would. */
export async function closeTips(page: Page, language: Language): Promise<void> {
  const tips = page.getByRole('dialog', { name: textIn(language, '待处理事项'), exact: true })
  await tips.waitFor(WAIT)
  await tips.getByRole('button', { name: textIn(language, '关闭'), exact: true }).click()
  await tips.waitFor({ ...WAIT, state: 'detached' })
}
