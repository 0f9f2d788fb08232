import type { Language } from '../../../domain/language.ts'
import type { CalendarDto, CalendarFeedUrlDto } from '../../../domain/release-calendar.ts'
import { apiGet, apiPost } from '../../../lib/api-client.ts'

/** What the calendar page asks for: a month (YYYY-MM) and its filters; type 0 is every type. */
export interface CalendarRequest {
  month: string
  language: Language
  type: number
  seriesId: number | undefined
  brandId: number | undefined
  /** Only the signed-in shopper's favourites. */
  favourites: boolean
}

/** GET /mall/product/calendar: the month's releases and pre-order closings. Quiet: the page shows the failure. */
export const getCalendar = (request: CalendarRequest) =>
  apiGet<CalendarDto>(
    '/mall/product/calendar',
    {
      month: request.month,
      language: request.language,
      type: request.type || undefined,
      seriesId: request.seriesId,
      brandId: request.brandId,
      favourites: request.favourites ? 1 : undefined,
    },
    { systemNotify: false },
  )

/** GET /mall/calendar/ics-url: the shopper's secret feed address, made on first use. */
export const getCalendarFeedUrl = () =>
  apiGet<CalendarFeedUrlDto>('/mall/calendar/ics-url', {}, { systemNotify: false })

/** POST /mall/calendar/ics-url/rotate: a new address; the old one stops working at once. */
export const rotateCalendarFeedUrl = () => apiPost<CalendarFeedUrlDto>('/mall/calendar/ics-url/rotate')
