import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { categoryListHandlers, hotListHandlers } from './catalog.handlers.ts'
import { categoryList, hotList } from './catalog.routes.ts'

export const catalogRoutes = new Hono<AppEnv>()
  .get(categoryList.path, ...categoryListHandlers)
  .get(hotList.path, ...hotListHandlers)
