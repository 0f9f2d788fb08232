import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './ops.handlers.ts'
import * as contracts from './ops.routes.ts'

export const opsRoutes = new Hono<AppEnv>()
  .get(contracts.listOpsOrders.path, ...handlers.listOrdersHandlers)
  .get(contracts.opsOrderDetail.path, ...handlers.orderDetailHandlers)
  .post(contracts.markOrdered.path, ...handlers.markOrderedHandlers)
  .post(contracts.refundOrder.path, ...handlers.refundOrderHandlers)
  .post(contracts.bookArrival.path, ...handlers.arrivalHandlers)
  .post(contracts.splitOrder.path, ...handlers.splitHandlers)
  .get(contracts.readPayLatch.path, ...handlers.readPayLatchHandlers)
  .put(contracts.setPayLatch.path, ...handlers.setPayLatchHandlers)
