import type { OrderDto, ShopperOrderListQuery } from '../../../domain/orders.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/order/operatorList: the operable orders, the ones the shopper acts on (children of split
 * orders and orders never split, never a split parent), newest first.
 */
export const listOperableOrders = (query: ShopperOrderListQuery) =>
  apiGet<Page<OrderDto>>('/mall/order/operatorList', { ...query }, { systemNotify: false })
