import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './packaging.handlers.ts'
import * as contracts from './packaging.routes.ts'

export const packagingRoutes = new Hono<AppEnv>()
  .get(contracts.packagingGoods.path, ...handlers.goodsHandlers)
  .post(contracts.applyForPackaging.path, ...handlers.applyHandlers)
  .get(contracts.listApplies.path, ...handlers.listHandlers)
  .get(contracts.notifyCount.path, ...handlers.notifyCountHandlers)
  .get(contracts.methodEstimates.path, ...handlers.methodsHandlers)
  .get(contracts.listOpsApplies.path, ...handlers.opsListHandlers)
  .get(contracts.opsApplyDetail.path, ...handlers.opsDetailHandlers)
  .post(contracts.markPicked.path, ...handlers.pickedHandlers)
  .post(contracts.packApply.path, ...handlers.packHandlers)
