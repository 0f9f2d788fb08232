import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './favourites.handlers.ts'
import * as contracts from './favourites.routes.ts'

export const favouriteRoutes = new Hono<AppEnv>()
  .get(contracts.favouriteList.path, ...handlers.favouriteListHandlers)
  .get(contracts.favouriteCheck.path, ...handlers.favouriteCheckHandlers)
  .post(contracts.collectOrDelete.path, ...handlers.collectOrDeleteHandlers)
  .delete(contracts.favouriteClear.path, ...handlers.favouriteClearHandlers)
