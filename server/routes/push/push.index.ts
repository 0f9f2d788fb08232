import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './push.handlers.ts'
import * as contracts from './push.routes.ts'

export const pushRoutes = new Hono<AppEnv>()
  .get(contracts.vapidPublicKey.path, ...handlers.vapidPublicKeyHandlers)
  .post(contracts.subscribe.path, ...handlers.subscribeHandlers)
  .delete(contracts.unsubscribe.path, ...handlers.unsubscribeHandlers)
