import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './content-ops.handlers.ts'
import * as contracts from './content-ops.routes.ts'

const { bannerCalls, announcementCalls, articleCalls, customerServiceCalls } = contracts

export const contentOpsRoutes = new Hono<AppEnv>()
  .post(contracts.uploadContentMedia.path, ...handlers.uploadMediaHandlers)
  .get(bannerCalls.list.path, ...handlers.bannerHandlers.list)
  .post(bannerCalls.create.path, ...handlers.bannerHandlers.create)
  .put(bannerCalls.order.path, ...handlers.bannerHandlers.order)
  .put(bannerCalls.update.path, ...handlers.bannerHandlers.update)
  .delete(bannerCalls.remove.path, ...handlers.bannerHandlers.remove)
  .get(announcementCalls.list.path, ...handlers.announcementHandlers.list)
  .post(announcementCalls.create.path, ...handlers.announcementHandlers.create)
  .put(announcementCalls.update.path, ...handlers.announcementHandlers.update)
  .delete(announcementCalls.remove.path, ...handlers.announcementHandlers.remove)
  .get(articleCalls.list.path, ...handlers.articleHandlers.list)
  .post(articleCalls.create.path, ...handlers.articleHandlers.create)
  .put(articleCalls.update.path, ...handlers.articleHandlers.update)
  .delete(articleCalls.remove.path, ...handlers.articleHandlers.remove)
  .get(customerServiceCalls.read.path, ...handlers.customerServiceHandlers.read)
  .put(customerServiceCalls.replace.path, ...handlers.customerServiceHandlers.replace)
