import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/**
 * POST /mall/push/subscribe: the browser's subscription (`PushSubscription.toJSON()`), so reminders
 * reach this device; 400 `endpoint: …` for a push service the shop will not send to.
 */
export const pushSubscribe = (subscription: PushSubscriptionJSON, options?: ApiCallOptions) =>
  apiPost<{ subscribed: true }>('/mall/push/subscribe', subscription, options)
