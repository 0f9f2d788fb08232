import * as v from 'valibot'
import { optionalParam, wholeNumberParam } from '../../../lib/search-params.ts'
import { productSearchSearch } from '../../catalog/routing/list-search.ts'

/**
 * /calendar?month=2026-03&type=&seriesId=&brandId=&favourites=1. A value that cannot be read means no
 * filter (and no month: the shop's current one); the API checks the same values strictly. Route
 * configs travel in every first load, so this stays small and borrows the search page's readers.
 */
export const calendarSearch = v.object({
  // 2000-01 to 2100-12, the months the API answers for
  month: optionalParam(v.pipe(v.string(), v.regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/))),
  type: productSearchSearch.entries.type,
  seriesId: productSearchSearch.entries.series,
  brandId: productSearchSearch.entries.brandId,
  // the router reads ?favourites=1 as the number 1
  favourites: optionalParam(wholeNumberParam(1, 1)),
})
export type CalendarSearch = v.InferOutput<typeof calendarSearch>
