import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './profile.handlers.ts'
import * as contracts from './profile.routes.ts'

export const profileRoutes = new Hono<AppEnv>()
  .get(contracts.info.path, ...handlers.infoHandlers)
  .get(contracts.payInfo.path, ...handlers.payInfoHandlers)
  .put(contracts.updateBaseInfo.path, ...handlers.updateBaseInfoHandlers)
  .put(contracts.changePassword.path, ...handlers.changePasswordHandlers)
  .put(contracts.updateWechat.path, ...handlers.updateWechatHandlers)
  .put(contracts.replaceEmail.path, ...handlers.replaceEmailHandlers)
  .put(contracts.updateAvatar.path, ...handlers.updateAvatarHandlers)
