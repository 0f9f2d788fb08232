import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { healthHandlers } from './health.handlers.ts'
import { health } from './health.routes.ts'

export const healthRoutes = new Hono<AppEnv>().get(health.path, ...healthHandlers)
