import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'

export const customerRoutes = new Hono<AppEnv>()
