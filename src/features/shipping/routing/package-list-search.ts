import * as v from 'valibot'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../domain/queries.ts'
import { optionalParam, wholeNumberParam } from '../../../lib/search-params.ts'

/** Text the router may have read as a number (`?barcode=4580590123456`), trimmed, never empty. */
const textParam = (max: number) =>
  v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.transform(String))]),
    v.trim(),
    v.minLength(1),
    v.maxLength(max),
  )

/**
 * /package/list: the spec's package search (§2: application number, product barcode, package number,
 * status of the customer subset 3, 4, 5, 9) and the page, kept in the address so back, forward and
 * reload keep them. Read with the small readers of src/lib/search-params.ts (route configs travel in
 * every first load); the server checks the query strictly.
 */
export const packageListSearch = v.pipe(
  v.object({
    pageNum: v.fallback(v.optional(wholeNumberParam(1, 1_000_000), 1), 1),
    pageSize: optionalParam(wholeNumberParam(1, MAX_PAGE_SIZE)),
    applyId: optionalParam(wholeNumberParam(1, 999_999_999)),
    barcode: optionalParam(textParam(64)),
    packageNo: optionalParam(textParam(32)),
    status: optionalParam(v.pipe(wholeNumberParam(3, 9), v.picklist([3, 4, 5, 9] as const))),
  }),
  // the usual page size stays out of the address
  v.transform((search) => ({
    ...search,
    pageSize: search.pageSize === DEFAULT_PAGE_SIZE ? undefined : search.pageSize,
  })),
)
export type PackageListSearch = v.InferOutput<typeof packageListSearch>

/** The filters of the package list (the query without paging). */
export type PackageListFilters = Partial<
  Pick<PackageListSearch, 'applyId' | 'barcode' | 'packageNo' | 'status'>
>

/** /shipping: the package whose fee is paid, and its application when the link knows it. */
export const shippingSearch = v.object({
  packageId: optionalParam(wholeNumberParam(1, 999_999_999)),
  applyId: optionalParam(wholeNumberParam(1, 999_999_999)),
})
