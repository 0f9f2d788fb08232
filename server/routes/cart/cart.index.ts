import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { addToCartHandlers, listCartHandlers } from './cart.handlers.ts'
import { addToCart, listCart } from './cart.routes.ts'

export const cartRoutes = new Hono<AppEnv>()
  .get(listCart.path, ...listCartHandlers)
  .post(addToCart.path, ...addToCartHandlers)
