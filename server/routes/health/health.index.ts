import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { healthHandlers, readyHandlers } from './health.handlers.ts'
import { health, ready } from './health.routes.ts'

export const healthRoutes = new Hono<AppEnv>()
  .get(health.path, ...healthHandlers)
  .get(ready.path, ...readyHandlers)
