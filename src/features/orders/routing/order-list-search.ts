import * as v from 'valibot'
import { ORDER_STATUSES } from '../../../domain/order-status-codes.ts'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../domain/queries.ts'
import { calendarDateParam, optionalParam, wholeNumberParam } from '../../../lib/search-params.ts'

/**
 * Which list the order page shows (flows §1): the operable orders (children and orders never split,
 * what the shopper acts on; the default) or the original orders as placed (split parents included).
 */
export const ORDER_LIST_VIEWS = ['operable', 'original'] as const
export type OrderListView = (typeof ORDER_LIST_VIEWS)[number]

const searchObject = v.object({
  pageNum: v.fallback(v.optional(wholeNumberParam(1, 1_000_000), 1), 1),
  pageSize: optionalParam(wholeNumberParam(1, MAX_PAGE_SIZE)),
  status: optionalParam(v.pipe(wholeNumberParam(0, 99), v.picklist(ORDER_STATUSES))),
  orderId: optionalParam(wholeNumberParam(1, 999_999_999)),
  startDate: optionalParam(calendarDateParam),
  endDate: optionalParam(calendarDateParam),
  view: optionalParam(v.picklist(ORDER_LIST_VIEWS)),
})

/**
 * /order-list/list: the spec's order list query (§3) kept in the address, so back, forward and reload
 * keep the filter, plus the view. The route config reads it with the small readers of
 * src/lib/search-params.ts (it travels in every first load); the server checks the query strictly. A
 * range that ends before it starts drops its end date.
 */
export const orderListSearch = v.pipe(
  searchObject,
  v.transform((search) => ({
    ...search,
    // The usual page size stays out of the address.
    pageSize: search.pageSize === DEFAULT_PAGE_SIZE ? undefined : search.pageSize,
    endDate:
      search.startDate !== undefined && search.endDate !== undefined && search.endDate < search.startDate
        ? undefined
        : search.endDate,
  })),
)
export type OrderListSearch = v.InferOutput<typeof orderListSearch>

/** The filters of the order list (the query without paging). */
export type OrderListFilters = Partial<Pick<OrderListSearch, 'status' | 'orderId' | 'startDate' | 'endDate'>>
