import { pushUnsubscribe } from '../api/push-unsubscribe.ts'
import { currentSubscription, withTimeout } from './push-device.ts'

/** How long a logout waits for this device's push subscription to be dropped. */
const FORGET_TIMEOUT_MS = 3000

/**
 * On logout: the shop stops sending this shopper's reminders to this device, and the browser drops
 * the subscription. Called while the session's token is still valid. Best effort and bounded: it
 * never fails and never holds up the logout for long.
 */
export async function forgetThisDevice(): Promise<void> {
  const forget = async () => {
    const subscription = await currentSubscription()
    if (!subscription) return
    try {
      await pushUnsubscribe(subscription.endpoint, { systemNotify: false })
    } finally {
      // even if the shop did not hear it: a dropped subscription is answered 410, and the shop forgets it then
      await subscription.unsubscribe()
    }
  }
  try {
    await withTimeout(forget(), FORGET_TIMEOUT_MS)
  } catch {
    // offline, no service worker, the call refused: the logout goes on
  }
}
