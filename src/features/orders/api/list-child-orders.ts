import type { Language } from '../../../domain/language.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/order/childList/{parentId}: the orders a split order became. */
export const listChildOrders = (parentId: number, language: Language) =>
  apiGet<OrderDto[]>(`/mall/order/childList/${parentId}`, { language }, { systemNotify: false })
