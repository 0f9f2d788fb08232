import type { Language } from '../../../domain/language.ts'
import type { OrderDetailDto } from '../../../domain/orders.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/order/{id}: the order as the server has it now (a restored checkout reads its status). */
export const readOrder = (orderId: number, language: Language, options?: ApiCallOptions) =>
  apiGet<OrderDetailDto>(`/mall/order/${orderId}`, { language }, options)
