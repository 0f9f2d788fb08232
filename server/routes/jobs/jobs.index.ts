import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './jobs.handlers.ts'
import * as contracts from './jobs.routes.ts'

export const jobsRoutes = new Hono<AppEnv>().post(
  contracts.runDeadlineSweep.path,
  ...handlers.runDeadlineSweepHandlers,
)
