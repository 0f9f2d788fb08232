import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'

export const contentOpsRoutes = new Hono<AppEnv>()
