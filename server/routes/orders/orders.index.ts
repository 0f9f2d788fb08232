import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './orders.handlers.ts'
import * as contracts from './orders.routes.ts'

// The literal paths first; the detail's id is digits only (ORDER_DETAIL_ROUTE), so it never takes them.
export const orderRoutes = new Hono<AppEnv>()
  .get(contracts.listOrders.path, ...handlers.listOrdersHandlers)
  .get(contracts.listOperableOrders.path, ...handlers.listOperableOrdersHandlers)
  .get(contracts.listChildOrders.path, ...handlers.listChildOrdersHandlers)
  .get(contracts.settleDetails.path, ...handlers.settleDetailsHandlers)
  .get(contracts.finalCount.path, ...handlers.finalCountHandlers)
  .post(contracts.exportOrders.path, ...handlers.exportOrdersHandlers)
  .get(contracts.ORDER_DETAIL_ROUTE, ...handlers.orderDetailHandlers)
