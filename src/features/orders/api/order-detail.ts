import type { Language } from '../../../domain/language.ts'
import type { OrderDetailDto } from '../../../domain/orders.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/order/{id}: one of the shopper's orders with its children, payments and address (404
 * otherwise). Quiet by default: the order pages and the checkout say what went wrong themselves.
 */
export const getOrderDetail = (
  id: number,
  language: Language,
  options: ApiCallOptions = { systemNotify: false },
) => apiGet<OrderDetailDto>(`/mall/order/${id}`, { language }, options)
