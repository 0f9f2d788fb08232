import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './points.handlers.ts'
import * as contracts from './points.routes.ts'

export const pointsRoutes = new Hono<AppEnv>().get(contracts.scoreList.path, ...handlers.scoreListHandlers)
