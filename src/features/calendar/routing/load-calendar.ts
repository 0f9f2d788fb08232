import type { BrandDto, SeriesDto } from '../../../domain/catalog.ts'
import { shopDate } from '../../../domain/dates.ts'
import type { Language } from '../../../domain/language.ts'
import { CALENDAR_MONTH, type CalendarDto } from '../../../domain/release-calendar.ts'
import { getAllSeries } from '../../catalog/api/get-all-series.ts'
import { getBrandList } from '../../catalog/api/get-brand-list.ts'
import { getCalendar } from '../api/calendar.ts'
import type { CalendarSearch } from './calendar-search.ts'

export interface CalendarPageData {
  /** The month shown, YYYY-MM. */
  month: string
  calendar: CalendarDto
  /** For the filters' choices; empty when they could not be loaded (the calendar still shows). */
  series: SeriesDto[]
  brands: BrandDto[]
  /** Whether the favourites filter is in force (it needs a signed-in shopper). */
  favourites: boolean
}

/** The shop's month now (Tokyo), YYYY-MM. */
export const currentShopMonth = (): string => (shopDate(new Date()) ?? '').slice(0, 7)

/** The calendar page's data: the month's entries, with the series and brands its filters offer. */
export async function loadCalendar(
  deps: CalendarSearch & { language: Language; viewer: string },
): Promise<CalendarPageData> {
  const month = deps.month && CALENDAR_MONTH.test(deps.month) ? deps.month : currentShopMonth()
  // A visitor has no favourites: the filter from a shared link is dropped rather than refused.
  const favourites = deps.favourites === 1 && deps.viewer !== 'visitor'
  const [calendar, series, brands] = await Promise.all([
    getCalendar({
      month,
      language: deps.language,
      type: deps.type,
      seriesId: deps.seriesId,
      brandId: deps.brandId,
      favourites,
    }),
    getAllSeries(deps.language).catch((): SeriesDto[] => []),
    getBrandList(deps.language).catch((): BrandDto[] => []),
  ])
  return { month, calendar, series, brands, favourites }
}
