import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './cart.handlers.ts'
import * as contracts from './cart.routes.ts'

export const cartRoutes = new Hono<AppEnv>()
  .get(contracts.listCart.path, ...handlers.listCartHandlers)
  .post(contracts.addToCart.path, ...handlers.addToCartHandlers)
  .put(contracts.changeNum.path, ...handlers.changeNumHandlers)
  .delete(contracts.removeFromCart.path, ...handlers.removeFromCartHandlers)
  .delete(contracts.clearCart.path, ...handlers.clearCartHandlers)
