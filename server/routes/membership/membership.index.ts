import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './membership.handlers.ts'
import * as contracts from './membership.routes.ts'

export const membershipRoutes = new Hono<AppEnv>()
  .get(contracts.vipList.path, ...handlers.vipListHandlers)
  .put(contracts.updateVipLevels.path, ...handlers.updateVipLevelsHandlers)
  .post(contracts.runTierJob.path, ...handlers.runTierJobHandlers)
