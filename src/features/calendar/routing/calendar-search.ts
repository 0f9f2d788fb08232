import * as v from 'valibot'
import { optionalParam, textParam, wholeNumberParam } from '../../../lib/search-params.ts'
import { productSearchSearch } from '../../catalog/routing/list-search.ts'

/**
 * /calendar?month=2026-03&type=&seriesId=&brandId=&favourites=1. A value that cannot be read means no
 * filter (and no month: the shop's current one); the API checks the same values strictly. Route
 * configs travel in every first load, so this stays small and borrows the search page's readers.
 */
export const calendarSearch = v.object({
  // read as text here; the loader takes a month it cannot read (not 2000-01 … 2100-12) as this one
  month: textParam,
  type: productSearchSearch.entries.type,
  seriesId: productSearchSearch.entries.series,
  brandId: productSearchSearch.entries.brandId,
  // the router reads ?favourites=1 as the number 1
  favourites: optionalParam(wholeNumberParam(1, 1)),
})
export type CalendarSearch = v.InferOutput<typeof calendarSearch>
