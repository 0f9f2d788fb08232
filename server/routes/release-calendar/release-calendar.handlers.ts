import { createFactory } from 'hono/factory'
import { shopDate } from '../../../src/domain/dates.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { optionalSession, priceViewerOf, requireSession, signedIn } from '../../http/session.ts'
import { validQuery } from '../../http/validate.ts'
import { listCalendar } from '../../services/release-calendar/calendar-entries.ts'
import {
  calendarFeed,
  feedTokenOf,
  feedUrlOf,
  rotateFeedToken,
} from '../../services/release-calendar/calendar-feed.ts'
import * as contracts from './release-calendar.routes.ts'

const factory = createFactory<AppEnv>()

export const productCalendarHandlers = factory.createHandlers(
  optionalSession(),
  validQuery(contracts.productCalendar.query),
  async (c) => {
    const { favourites, month, ...query } = c.req.valid('query')
    // The favourites filter is the caller's own: a visitor has none to show.
    const favouritesOf = favourites ? signedIn(c).userId : undefined
    const thisMonth = (shopDate(c.var.deps.now()) ?? '').slice(0, 7)
    const calendar = await listCalendar(
      c.var.deps.db,
      { ...query, month: month ?? thisMonth },
      { viewer: priceViewerOf(c), language: query.language, favouritesOf },
    )
    return ok(c, calendar)
  },
)

export const calendarFeedUrlHandlers = factory.createHandlers(requireSession(), async (c) => {
  const { db, publicUrl } = c.var.deps
  return ok(c, { url: feedUrlOf(publicUrl, await feedTokenOf(db, signedIn(c).userId)) })
})

export const rotateCalendarFeedUrlHandlers = factory.createHandlers(requireSession(), async (c) => {
  const { db, publicUrl, now } = c.var.deps
  return ok(c, { url: feedUrlOf(publicUrl, await rotateFeedToken(db, signedIn(c).userId, now())) })
})

/** `{token}.ics`: a token is 43 base64url characters (32 random bytes). */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/

export const calendarFeedHandlers = factory.createHandlers(async (c) => {
  // A malformed name is no feed at all: the same 404 as an unknown token, telling nothing.
  const token = FEED_FILE.exec(c.req.param('file') ?? '')?.[1]
  if (!token) throw notFound('calendar feed')
  const { db, publicUrl, now } = c.var.deps
  const feed = await calendarFeed(db, token, { publicUrl, now: now() })
  if (feed === undefined) throw notFound('calendar feed')
  return c.body(feed, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, no-store',
    'Content-Disposition': 'inline; filename="yoyaku.ics"',
  })
})
