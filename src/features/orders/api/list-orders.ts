import type { OrderDto, ShopperOrderListQuery } from '../../../domain/orders.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/order/list: the original orders as placed (split parents and orders never split), newest first. */
export const listOrders = (query: ShopperOrderListQuery) =>
  apiGet<Page<OrderDto>>('/mall/order/list', { ...query }, { systemNotify: false })
