import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './content.handlers.ts'
import * as contracts from './content.routes.ts'

export const contentRoutes = new Hono<AppEnv>()
  .get(contracts.bannerList.path, ...handlers.bannerListHandlers)
  .get(contracts.announcementList.path, ...handlers.announcementListHandlers)
  .get(contracts.footerList.path, ...handlers.footerListHandlers)
  .get(contracts.customerServiceList.path, ...handlers.customerServiceListHandlers)
  .get(contracts.article.path, ...handlers.articleHandlers)
