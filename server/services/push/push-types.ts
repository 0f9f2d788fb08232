/* The seam between the reminders and Web Push: reminders say what to send to a shopper; the push
 * service (send-push.ts) sends it to each of the shopper's subscriptions and keeps the list clean. */

/** One push message to every subscription of a shopper. */
export interface PushMessage {
  /** The JSON the service worker reads (src/domain/reminders.ts ReminderPushPayload). */
  payload: string
  /** Seconds the push service may hold it: until the deadline it is about (at least 60). */
  ttlSeconds: number
  /** ≤ 32 URL-safe characters, one per target: a newer message replaces an undelivered older one. */
  topic: string
  urgency: 'very-low' | 'low' | 'normal' | 'high'
}

/**
 * What became of a message: `sent` subscriptions took it (2xx), `removed` answered 404/410 and were
 * deleted, `retryLater` answered 429/5xx (or could not be reached), or are still waiting out an earlier
 * Retry-After, and were kept for a later try, `failed` answered another 4xx (logged: usually a VAPID key
 * mismatch) or point at a host no longer allowed. The four add up to `subscriptions`; 0: nothing to send to.
 */
export interface PushOutcome {
  subscriptions: number
  sent: number
  removed: number
  retryLater: number
  failed: number
}

/** Sends a message to every subscription of a shopper (skipping those asked to wait until later). */
export type PushToUser = (userId: number, message: PushMessage, now: Date) => Promise<PushOutcome>
