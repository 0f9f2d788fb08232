import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'

export const settingsOpsRoutes = new Hono<AppEnv>()
