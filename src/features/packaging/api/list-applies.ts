import type { Language } from '../../../domain/language.ts'
import type { PackageApplyDto } from '../../../domain/packaging.ts'
import type { Page } from '../../../domain/queries.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

export interface PackageApplyListQuery {
  pageNum: number
  pageSize: number
  language: Language
}

/** GET /mall/package_apply/list: the shopper's packaging applications, newest first, paged. */
export const listPackageApplies = (query: PackageApplyListQuery, options?: ApiCallOptions) =>
  apiGet<Page<PackageApplyDto>>('/mall/package_apply/list', { ...query }, options)
