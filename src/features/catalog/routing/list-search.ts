import * as v from 'valibot'
import { PRODUCT_TYPES, ProductType } from '../../../domain/product-type.ts'
import { DEFAULT_PAGE_SIZE } from '../../../domain/queries.ts'
import { textParam as searchText, wholeNumberParam as wholeNumber } from '../../../lib/search-params.ts'

/** Every product list shows a fixed 30 a page (spec §9); the page size is not a search param. */
export const LIST_PAGE_SIZE = DEFAULT_PAGE_SIZE

/**
 * How long a loaded list page is reused without asking again: going back from a product shows the
 * page at once (and the router restores its scroll position) instead of a skeleton.
 */
export const LIST_STALE_MS = 60_000

/** A bad value falls back to its default rather than failing the page (`pageNum=abc` → 1). */
const withDefault = <S extends v.GenericSchema<unknown, number>>(schema: S, fallback: number) =>
  v.fallback(v.optional(schema, fallback), fallback)

const pageNumber = withDefault(wholeNumber(1, 1_000_000), 1)

/** Search params of the paged product lists (hot, new, recommended, discounted, history). */
export const pagedListSearch = v.object({ pageNum: pageNumber })
export type PagedListSearch = v.InferOutput<typeof pagedListSearch>

/** /product-hot-series?page=1 (the header's link spells it `page`). */
export const hotSeriesSearch = v.object({ page: pageNumber })

/**
 * /product-search/list: `name` is sent as the search's keywords; category 0 and type 0 mean "all"
 * (spec §3); type 1–9 are the product types, anything else reads as "all"; `brandId` keeps one brand.
 */
export const productSearchSearch = v.object({
  pageNum: pageNumber,
  name: searchText,
  category: withDefault(wholeNumber(0, 999_999_999), 0),
  type: v.fallback(
    v.optional(v.pipe(wholeNumber(0, 9), v.picklist([ProductType.all, ...PRODUCT_TYPES])), ProductType.all),
    ProductType.all,
  ),
  series: v.fallback(v.optional(wholeNumber(1, 999_999_999)), undefined),
  brandId: v.fallback(v.optional(wholeNumber(1, 999_999_999)), undefined),
})
export type ProductSearchSearch = v.InferOutput<typeof productSearchSearch>

/** /product-preview/$id?token=: the token the preview call passes as its bearer. */
export const previewSearch = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())), undefined),
})
