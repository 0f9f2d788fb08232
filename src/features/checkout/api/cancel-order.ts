import type { OrderDto } from '../../../domain/orders.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/** POST /mall/order/cancel/{id}: an order still waiting for payment is cancelled; stock and points go back. */
export const cancelOrder = (orderId: number, key: string, options: ApiCallOptions = {}) =>
  apiPost<OrderDto | null>(`/mall/order/cancel/${orderId}`, undefined, {
    ...options,
    headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: key },
  })
