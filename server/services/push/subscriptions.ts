import { and, eq } from 'drizzle-orm'
import type { PushSubscribeBody } from '../../../src/domain/push.ts'
import type { Db } from '../../db/client.ts'
import { pushSubscriptions } from '../../db/schema.ts'

/**
 * Stores a browser's subscription for the signed-in session. The endpoint names one browser profile,
 * so subscribing it again replaces the row: after a logout and a login as someone else, the device's
 * reminders go to the new account only. New keys also clear an earlier wait (retryAfter).
 */
export async function saveSubscription(
  db: Db,
  owner: { userId: number; sessionId: string },
  subscription: PushSubscribeBody,
  now: Date,
): Promise<void> {
  const fields = {
    userId: owner.userId,
    sessionId: owner.sessionId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    retryAfter: null,
  }
  await db
    .insert(pushSubscriptions)
    .values({ ...fields, endpoint: subscription.endpoint, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
}

/** Forgets the caller's subscription of this endpoint; someone else's (or none) is left as it is. */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
}

/** Logging out unsubscribes the device: its reminders must not reach whoever uses it next. */
export async function removeSessionSubscriptions(db: Db, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId))
}
