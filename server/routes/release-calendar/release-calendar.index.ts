import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './release-calendar.handlers.ts'
import * as contracts from './release-calendar.routes.ts'

export const calendarRoutes = new Hono<AppEnv>()
  .get(contracts.productCalendar.path, ...handlers.productCalendarHandlers)
  .get(contracts.calendarFeedUrl.path, ...handlers.calendarFeedUrlHandlers)
  .post(contracts.rotateCalendarFeedUrl.path, ...handlers.rotateCalendarFeedUrlHandlers)
  .get(contracts.calendarFeed.path, ...handlers.calendarFeedHandlers)
