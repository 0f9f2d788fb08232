import * as v from 'valibot'
import { ORDER_STATUS_TABLE_B } from '../../domain/order-status-codes.ts'
import { calendarDateParam, optionalParam, wholeNumberParam } from '../../lib/search-params.ts'

/*
 * Search params of /ops/orders: the filter lives in the URL, so back, forward and reload keep it. The
 * router JSON-parses values (`?status=3` arrives as 3, `?orderId=abc` as 'abc'); anything unreadable
 * reads as "no filter" rather than failing the page. The server validates again (opsOrderListQuery).
 */

export const opsOrdersSearch = v.object({
  status: optionalParam(v.pipe(wholeNumberParam(0, 99), v.picklist(ORDER_STATUS_TABLE_B))),
  userId: optionalParam(wholeNumberParam(1, 999_999_999)),
  orderId: optionalParam(wholeNumberParam(1, 999_999_999)),
  startDate: optionalParam(calendarDateParam),
  endDate: optionalParam(calendarDateParam),
  // Left out on the first page, so the list's plain address stays /ops/orders.
  pageNum: optionalParam(wholeNumberParam(1, 1_000_000)),
})
export type OpsOrdersSearch = v.InferOutput<typeof opsOrdersSearch>

/** One page of the console's order list. */
export const OPS_ORDERS_PAGE_SIZE = 30
