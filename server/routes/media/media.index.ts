import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './media.handlers.ts'
import * as contracts from './media.routes.ts'

export const mediaRoutes = new Hono<AppEnv>().post(
  contracts.uploadMedia.path,
  ...handlers.uploadMediaHandlers,
)
