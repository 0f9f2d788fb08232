import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './shipping.handlers.ts'
import * as contracts from './shipping.routes.ts'

export const shippingRoutes = new Hono<AppEnv>()
  .get(contracts.listShippingMethods.path, ...handlers.listShippingMethodsHandlers)
  .put(contracts.updateShippingMethods.path, ...handlers.updateShippingMethodsHandlers)
