import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './checkout.handlers.ts'
import * as contracts from './checkout.routes.ts'

export const checkoutRoutes = new Hono<AppEnv>()
  .post(contracts.createOrder.path, ...handlers.createOrderHandlers)
  .post(contracts.cancelOrder.path, ...handlers.cancelOrderHandlers)
