import type { PushUnsubscribeBody } from '../../../domain/push.ts'
import { type ApiCallOptions, apiDelete } from '../../../lib/api-client.ts'

/** DELETE /mall/push/subscribe: no more reminders to this device's subscription. */
export const pushUnsubscribe = (endpoint: string, options?: ApiCallOptions) =>
  apiDelete<unknown>('/mall/push/subscribe', { endpoint } satisfies PushUnsubscribeBody, options)
