import type { Language } from '../../../domain/language.ts'
import type { SettleDetailsDto } from '../../../domain/orders.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/order/settleDetails/{id}: what the first payment of an order in 2 waitPay costs. */
export const settleDetails = (orderId: number, language: Language, options?: ApiCallOptions) =>
  apiGet<SettleDetailsDto>(`/mall/order/settleDetails/${orderId}`, { language }, options)
