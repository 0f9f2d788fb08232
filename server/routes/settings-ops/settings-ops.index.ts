import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './settings-ops.handlers.ts'
import * as contracts from './settings-ops.routes.ts'

export const settingsOpsRoutes = new Hono<AppEnv>()
  .get(contracts.getCharges.path, ...handlers.getChargesHandlers)
  .put(contracts.putCharges.path, ...handlers.putChargesHandlers)
  .get(contracts.getRate.path, ...handlers.getRateHandlers)
  .put(contracts.putRate.path, ...handlers.putRateHandlers)
