import * as v from 'valibot'
import { calendarDateSchema } from './dates.ts'
import { MAX_ROW_ID, orRequired, payloadObject } from './fields.ts'
import { ORDER_STATUSES } from './order-status-codes.ts'
import { PRODUCT_TYPES, ProductType } from './product-type.ts'
import { languageQuery, optionalQueryValue, pageQuery, queryValue, wholeNumber } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

// Ids fit wholeNumber's nine digits, well inside a 32-bit integer column.

/** Blank keywords are no search at all, so they read as undefined like a left-out value. */
const keywordsSchema = v.pipe(
  v.string(ValidationMessage.text),
  v.trim(),
  v.maxLength(100, ValidationMessage.atMost100),
  v.transform((keywords) => keywords || undefined),
)

/** A product-type filter: 0 is "all", 1–9 the types of product-type.ts. */
const productTypeFilter = v.pipe(
  v.string(ValidationMessage.productType),
  v.regex(/^\d$/, ValidationMessage.productType),
  v.transform(Number),
  v.picklist([ProductType.all, ...PRODUCT_TYPES], ValidationMessage.productType),
)

const orderStatusFilter = v.pipe(
  v.string(ValidationMessage.orderStatus),
  v.regex(/^\d{1,2}$/, ValidationMessage.orderStatus),
  v.transform(Number),
  v.picklist(ORDER_STATUSES, ValidationMessage.orderStatus),
)

/**
 * GET /mall/product/search. Category 0 is the synthetic "All" entry of the category tree and type 0 is
 * "all" (spec §3, §4), so both default to 0; a series or a brand has no "all" id and is undefined when
 * left out.
 */
export const productListQuery = v.object({
  ...pageQuery.entries,
  ...languageQuery.entries,
  category: queryValue(wholeNumber(0, MAX_ROW_ID), '0'),
  series: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  brandId: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  keywords: optionalQueryValue(keywordsSchema),
  type: queryValue(productTypeFilter, '0'),
})
export type ProductListQuery = v.InferOutput<typeof productListQuery>

/** The fields of the order list's query (spec §3 'Order list query'). */
export const orderListEntries = {
  ...pageQuery.entries,
  status: optionalQueryValue(orderStatusFilter),
  orderId: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  startDate: optionalQueryValue(calendarDateSchema),
  endDate: optionalQueryValue(calendarDateSchema),
}

/** GET /mall/order/list. The date range is inclusive: a start and end on the same day is one day. */
export const orderListQuery = v.pipe(
  v.object(orderListEntries),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      // YYYY-MM-DD strings sort as the dates do.
      ({ startDate, endDate }) => startDate === undefined || endDate === undefined || endDate >= startDate,
      ValidationMessage.endBeforeStart,
    ),
    ['endDate'],
  ),
)
export type OrderListQuery = v.InferOutput<typeof orderListQuery>

/**
 * The collect flag's message. Not a ValidationMessage: the app always sends the flag, so a bad one is
 * a client bug that no shopper sees, and it needs no translation.
 */
const COLLECT_FLAG_MESSAGE = 'must be true or false'

/** POST /mall/collect/collectOrDelete/{productId}?collect=true|false: the state the favourite should end in. */
// payloadObject: a left-out collect reads 'collect: is required', not valibot's 'Invalid key: …'.
export const favouriteSetQuery = payloadObject({
  collect: v.pipe(
    v.string(orRequired(COLLECT_FLAG_MESSAGE)),
    v.picklist(['true', 'false'], COLLECT_FLAG_MESSAGE),
    v.transform((flag) => flag === 'true'),
  ),
})
export type FavouriteSetQuery = v.InferOutput<typeof favouriteSetQuery>

/** The paged lists (hotListPage, newListPage, …, hotSeriesPage, history/list): a page in a language. */
export const pagedListQuery = v.object({ ...pageQuery.entries, ...languageQuery.entries })
export type PagedListQuery = v.InferOutput<typeof pagedListQuery>

/** GET /mall/collect/list: pageNum (default 1), pageSize (default 30, spec §7) and the language of the cards. */
export const favouriteListQuery = pagedListQuery
export type FavouriteListQuery = PagedListQuery

/** A product, series or article id in a path or query. */
export const idValue = wholeNumber(1, MAX_ROW_ID)

/** GET /mall/article/{id}?type=: the type, when given, must be the article's own. */
export const articleQuery = v.object({
  ...languageQuery.entries,
  type: optionalQueryValue(wholeNumber(0, 99)),
})
export type ArticleQuery = v.InferOutput<typeof articleQuery>

/** DELETE /mall/history/removeOrClear: one product's entry, or the whole history when left out. */
export const historyRemoveQuery = v.object({ productId: optionalQueryValue(idValue) })
export type HistoryRemoveQuery = v.InferOutput<typeof historyRemoveQuery>
