import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './extras.handlers.ts'
import * as contracts from './extras.routes.ts'

export const extrasRoutes = new Hono<AppEnv>()
  .get(contracts.extraPayCount.path, ...handlers.countHandlers)
  .get(contracts.extraPayList.path, ...handlers.listHandlers)
  .post(contracts.extraPayCard.path, ...handlers.payCardHandlers)
  .post(contracts.extraPaySbps.path, ...handlers.paySbpsHandlers)
  .post(contracts.extraPayPaypal.path, ...handlers.payPaypalHandlers)
  .get(contracts.listOpsExtraFees.path, ...handlers.opsListHandlers)
  .post(contracts.createOpsExtraFee.path, ...handlers.opsCreateHandlers)
  .post(contracts.voidOpsExtraFee.path, ...handlers.opsVoidHandlers)
