import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './alerts.handlers.ts'
import * as contracts from './alerts.routes.ts'

export const alertRoutes = new Hono<AppEnv>()
  .get(contracts.alertList.path, ...handlers.alertListHandlers)
  .get(contracts.alertState.path, ...handlers.alertStateHandlers)
  .post(contracts.alertSubscribe.path, ...handlers.alertSubscribeHandlers)
  .delete(contracts.alertUnsubscribe.path, ...handlers.alertUnsubscribeHandlers)
