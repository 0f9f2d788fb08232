import * as v from 'valibot'
import type { ProductCardDto } from './catalog.ts'
import { MAX_ROW_ID } from './fields.ts'
import { languageQuery, optionalQueryValue, wholeNumber } from './queries.ts'

/*
 * The release calendar (/calendar): by month, the days products are released and the days their
 * pre-orders close, filtered by type, series, brand or the shopper's favourites; and a shopper's own
 * calendar feed (.ics) behind a secret address they can replace.
 */

/** A month written YYYY-MM, from 2000-01 to 2100-12. */
export const CALENDAR_MONTH = /^(20\d{2}|2100)-(0[1-9]|1[0-2])$/
const MONTH_MESSAGE = 'must be a month written YYYY-MM, from 2000-01 to 2100-12'

/** GET /mall/product/calendar: the month (the shop's current one when left out) and the filters. */
export const calendarQuery = v.object({
  ...languageQuery.entries,
  month: optionalQueryValue(v.pipe(v.string(MONTH_MESSAGE), v.regex(CALENDAR_MONTH, MONTH_MESSAGE))),
  // 0 (or left out) is every type, as the lists' type filter
  type: optionalQueryValue(wholeNumber(0, 9)),
  seriesId: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  brandId: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  // 1: only the caller's favourites (signed in)
  favourites: optionalQueryValue(
    v.pipe(
      v.string('must be 0 or 1'),
      v.picklist(['0', '1'], 'must be 0 or 1'),
      v.transform((flag) => flag === '1'),
    ),
  ),
})
export type CalendarQuery = v.InferOutput<typeof calendarQuery>

export type CalendarEntryKind = 'release' | 'preorderCloses'

/** One day's entry: a product released that day, or whose pre-orders close that day (shop dates). */
export interface CalendarEntryDto {
  /** YYYY-MM-DD in shop time. */
  date: string
  kind: CalendarEntryKind
  product: ProductCardDto
}

export interface CalendarDto {
  list: CalendarEntryDto[]
}

/** GET /mall/calendar/ics-url and POST /mall/calendar/ics-url/rotate. */
export interface CalendarFeedUrlDto {
  url: string
}

/** The month after `month` (YYYY-MM), and the one before. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (number - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}
