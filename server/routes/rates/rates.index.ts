import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './rates.handlers.ts'
import * as contracts from './rates.routes.ts'

export const ratesRoutes = new Hono<AppEnv>()
  .get(contracts.exchangeRate.path, ...handlers.exchangeRateHandlers)
  .get(contracts.exchangeRateLimits.path, ...handlers.exchangeRateLimitsHandlers)
  .get(contracts.chargeDetails.path, ...handlers.chargeDetailsHandlers)
