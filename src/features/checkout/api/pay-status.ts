import type { PayStatusDto } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/pay/status/{paymentId}: read only; the webhook, never this call, settles a payment. */
export const payStatus = (paymentId: string, options?: ApiCallOptions) =>
  apiGet<PayStatusDto>(`/mall/pay/status/${encodeURIComponent(paymentId)}`, {}, options)
