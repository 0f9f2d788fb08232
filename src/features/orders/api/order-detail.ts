import type { Language } from '../../../domain/language.ts'
import type { OrderDetailDto } from '../../../domain/orders.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/order/{id}: one of the shopper's orders with its children, payments and address (404 otherwise). */
export const getOrderDetail = (id: number, language: Language) =>
  apiGet<OrderDetailDto>(`/mall/order/${id}`, { language }, { systemNotify: false })
