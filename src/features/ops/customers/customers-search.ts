import * as v from 'valibot'
import { optionalParam, textParam, wholeNumberParam } from '../../../lib/search-params.ts'

/*
 * Search params of /ops/customers: the keyword, the role and state filters and the page live in the
 * URL, so back, forward and reload keep them; an unreadable value reads as "no filter". The server
 * validates again. Kept tiny: route configs are in every first load.
 */

export const opsCustomersSearch = v.object({
  keyword: textParam,
  role: optionalParam(wholeNumberParam(1, 6)),
  // The router JSON-parses the address, so ?disabled=true arrives as the boolean.
  disabled: optionalParam(v.boolean()),
  // Left out on the first page, so the list's plain address stays /ops/customers.
  pageNum: optionalParam(wholeNumberParam(1, 1_000_000)),
})
export type OpsCustomersSearch = v.InferOutput<typeof opsCustomersSearch>
