import type { VapidPublicKeyDto } from '../../../domain/push.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/push/vapidPublicKey: the key a push subscription of this shop is made with (base64url). */
export const getVapidPublicKey = (options?: ApiCallOptions) =>
  apiGet<VapidPublicKeyDto>('/mall/push/vapidPublicKey', {}, options)
