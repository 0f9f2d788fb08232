import { calendarQuery } from '../../../src/domain/release-calendar.ts'
import { calendarAnswer, calendarFeedUrlAnswer } from '../../answers/release-calendar.ts'
import { notJson } from '../../answers/shape.ts'
import type { RouteContract } from '../contract.ts'

export const productCalendar = {
  method: 'get',
  path: '/mall/product/calendar',
  summary:
    'The release calendar of a month (the shop’s current one when left out): each day’s releases and pre-order closings of products on sale, filtered by type, series, brand or (favourites=1, signed in) the caller’s favourites; cards priced for the caller',
  tag: 'calendar',
  access: 'public',
  query: calendarQuery,
  returns: calendarAnswer,
} satisfies RouteContract

export const calendarFeedUrl = {
  method: 'get',
  path: '/mall/calendar/ics-url',
  summary:
    'The address of the caller’s calendar feed (.ics: their favourites’ pre-order closings and their balance due dates), made on first use; whoever has it can read the feed',
  tag: 'calendar',
  access: 'customer',
  returns: calendarFeedUrlAnswer,
} satisfies RouteContract

export const rotateCalendarFeedUrl = {
  method: 'post',
  path: '/mall/calendar/ics-url/rotate',
  summary: 'A new address for the caller’s calendar feed; the old one answers 404 from now on',
  tag: 'calendar',
  access: 'customer',
  returns: calendarFeedUrlAnswer,
} satisfies RouteContract

export const calendarFeed = {
  method: 'get',
  path: '/mall/calendar/feed/:file',
  summary:
    'The calendar feed whose secret token names the file ({token}.ics), for calendar apps: iCalendar text, private and never cached; 404 for an unknown or replaced token or a disabled account',
  tag: 'calendar',
  access: 'public',
  returns: notJson({
    status: 200,
    contentType: 'text/calendar',
    description: 'An iCalendar (RFC 5545) feed of all-day events; errors in the envelope',
  }),
} satisfies RouteContract

export const calendarContracts = [productCalendar, calendarFeedUrl, rotateCalendarFeedUrl, calendarFeed]
