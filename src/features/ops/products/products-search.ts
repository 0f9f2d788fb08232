import * as v from 'valibot'
import { optionalParam, textParam, wholeNumberParam } from '../../../lib/search-params.ts'

/*
 * Search params of /ops/products: the list's keyword, filters and page live in the URL, so back,
 * forward and reload keep them; an unreadable value reads as "no filter". The server validates again
 * (the keyword's length too). Kept tiny: route configs are in every first load.
 */

export const opsProductsSearch = v.object({
  keyword: textParam,
  type: optionalParam(wholeNumberParam(1, 9)),
  categoryId: optionalParam(wholeNumberParam(1, 999_999_999)),
  seriesId: optionalParam(wholeNumberParam(1, 999_999_999)),
  brandId: optionalParam(wholeNumberParam(1, 999_999_999)),
  status: optionalParam(wholeNumberParam(1, 2)),
  // Left out on the first page, so the list's plain address stays /ops/products.
  pageNum: optionalParam(wholeNumberParam(1, 1_000_000)),
})
export type OpsProductsSearch = v.InferOutput<typeof opsProductsSearch>
