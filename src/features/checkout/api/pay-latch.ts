import type { PayLatchDto } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/pay/latch: whether payments are open, with the operator's message when closed. */
export const payLatch = (options?: ApiCallOptions) => apiGet<PayLatchDto>('/mall/pay/latch', {}, options)
