import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './history.handlers.ts'
import * as contracts from './history.routes.ts'

export const historyRoutes = new Hono<AppEnv>()
  .get(contracts.historyList.path, ...handlers.historyListHandlers)
  .post(contracts.collectOrCancel.path, ...handlers.collectOrCancelHandlers)
  .delete(contracts.removeOrClear.path, ...handlers.removeOrClearHandlers)
