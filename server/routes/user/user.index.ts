import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './user.handlers.ts'
import * as contracts from './user.routes.ts'

export const userRoutes = new Hono<AppEnv>()
  .post(contracts.sendEmailCode.path, ...handlers.sendEmailCodeHandlers)
  .post(contracts.register.path, ...handlers.registerHandlers)
  .post(contracts.login.path, ...handlers.loginHandlers)
  .post(contracts.logout.path, ...handlers.logoutHandlers)
  .put(contracts.resetPassword.path, ...handlers.resetPasswordHandlers)
  .get(contracts.checkToken.path, ...handlers.checkTokenHandlers)
