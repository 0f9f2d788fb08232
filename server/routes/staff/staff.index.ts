import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './staff.handlers.ts'
import * as contracts from './staff.routes.ts'

export const staffRoutes = new Hono<AppEnv>()
  .get(contracts.opsMe.path, ...handlers.meHandlers)
  .get(contracts.listStaff.path, ...handlers.listHandlers)
  .post(contracts.createStaff.path, ...handlers.createHandlers)
  .put(contracts.updateStaff.path, ...handlers.updateHandlers)
