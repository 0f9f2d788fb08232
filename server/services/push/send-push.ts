import { Agent } from 'node:https'
import { rootCertificates } from 'node:tls'
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import { isAllowedPushEndpoint } from '../../../src/domain/push.ts'
import type { PushDeps } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { pushSubscriptions } from '../../db/schema.ts'
import { log } from '../../observability/log.ts'
import type { PushOutcome, PushToUser } from './push-types.ts'
import { loadVapidKeys } from './vapid-keys.ts'

export { loadVapidKeys, type VapidKeys } from './vapid-keys.ts'

/** web-push's sendNotification: resolves on 2xx, rejects with a WebPushError or the socket's error. */
export type SendNotification = (
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions,
) => Promise<webpush.SendResult>

/** How long a push service that answered 429/5xx (or none) is left alone when it did not say. */
export const DEFAULT_RETRY_MS = 10 * 60_000
const SEND_TIMEOUT_MS = 10_000

type Delivery =
  | { result: 'sent' }
  | { result: 'removed' }
  | { result: 'retryLater'; until: Date }
  | { result: 'failed'; why: string }

/** When a push service that said Retry-After (seconds or an HTTP date) may be tried again. */
function retryAfterOf(headers: Record<string, string | string[] | undefined>, now: Date): Date {
  const raw = headers['retry-after']
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim()
  if (value && /^\d+$/.test(value)) return new Date(now.getTime() + Number(value) * 1000)
  const date = value ? Date.parse(value) : Number.NaN
  if (!Number.isNaN(date)) return new Date(Math.max(date, now.getTime()))
  return new Date(now.getTime() + DEFAULT_RETRY_MS)
}

/** What an answer (or no answer) from the push service means for the subscription (web-push-facts.md). */
function deliveryOf(error: unknown, now: Date): Delivery {
  if (error instanceof webpush.WebPushError) {
    const status = error.statusCode
    if (status === 404 || status === 410) return { result: 'removed' }
    if (status === 429 || status >= 500)
      return { result: 'retryLater', until: retryAfterOf(error.headers, now) }
    return { result: 'failed', why: `${status} ${error.body.slice(0, 200)}` }
  }
  // The socket's own errors (refused, reset, TLS, DNS) carry a code; web-push's timeout says so.
  const unreachable =
    error instanceof Error &&
    (typeof (error as NodeJS.ErrnoException).code === 'string' || error.message === 'Socket timeout')
  if (unreachable) return { result: 'retryLater', until: new Date(now.getTime() + DEFAULT_RETRY_MS) }
  // Anything else is about the message or the stored keys: trying again would fail the same way.
  return { result: 'failed', why: error instanceof Error ? error.message : String(error) }
}

/**
 * The sender the reminders use: each of the shopper's subscriptions gets the message unless its push
 * service asked to wait; a gone subscription (404/410) is deleted, a busy or unreachable service
 * (429/5xx, network) is kept with retryAfter set, another refusal is logged. One bad subscription never
 * makes the whole call throw. `send` is web-push's by default; unit tests inject their own.
 */
export function createPushToUser(
  db: Db,
  deps: PushDeps,
  options: { send?: SendNotification } = {},
): PushToUser {
  const send = options.send ?? webpush.sendNotification
  // The trusted CA adds to the system's, so the real push services stay reachable.
  const agent = deps.trustedCa ? new Agent({ ca: [...rootCertificates, deps.trustedCa] }) : undefined

  return async (userId, message, now) => {
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    const outcome: PushOutcome = { subscriptions: rows.length, sent: 0, removed: 0, retryLater: 0, failed: 0 }
    if (rows.length === 0) return outcome
    const vapidDetails = { subject: deps.subject, ...(await loadVapidKeys(db)) }

    await Promise.all(
      rows.map(async (row) => {
        if (row.retryAfter && row.retryAfter > now) {
          outcome.retryLater += 1
          return
        }
        // PUSH_ENDPOINT_HOSTS may have shrunk since the browser subscribed.
        if (!isAllowedPushEndpoint(row.endpoint, deps.endpointHosts)) {
          outcome.failed += 1
          return
        }
        const options: webpush.RequestOptions = {
          vapidDetails,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          topic: message.topic,
          timeout: SEND_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
          agent,
        }
        const subscription = { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }
        // Inside then(): a sender that throws instead of rejecting is still one subscription's failure.
        const delivery = await Promise.resolve()
          .then(() => send(subscription, message.payload, options))
          .then(
            (): Delivery => ({ result: 'sent' }),
            (error: unknown) => deliveryOf(error, now),
          )
        outcome[delivery.result] += 1
        await record(db, row.id, delivery, now)
        if (delivery.result === 'failed') {
          log.warn(
            `[push] subscription ${row.id} at ${new URL(row.endpoint).origin} refused a message: ${delivery.why}`,
          )
        }
      }),
    )
    return outcome
  }
}

/** Writes what became of one delivery on the subscription's row. */
async function record(db: Db, id: number, delivery: Delivery, now: Date): Promise<void> {
  const row = eq(pushSubscriptions.id, id)
  switch (delivery.result) {
    case 'sent':
      await db.update(pushSubscriptions).set({ lastSentAt: now, retryAfter: null }).where(row)
      return
    case 'removed':
      await db.delete(pushSubscriptions).where(row)
      return
    case 'retryLater':
      await db.update(pushSubscriptions).set({ retryAfter: delivery.until }).where(row)
      return
    case 'failed':
      return
  }
}
