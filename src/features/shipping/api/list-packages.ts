import type { Language } from '../../../domain/language.ts'
import type { PackageStatus } from '../../../domain/package-status.ts'
import type { PackageDto } from '../../../domain/packaging.ts'
import type { Page } from '../../../domain/queries.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** The package list's query (spec §2 'Package search filters'). */
export interface PackageListRequest {
  pageNum: number
  pageSize: number
  applyId?: number | undefined
  barcode?: string | undefined
  packageNo?: string | undefined
  status?: PackageStatus | undefined
  language: Language
}

/**
 * GET /mall/package/list: the shopper's packages, newest first, filtered by application number,
 * a product barcode among the contents, package number and status. Quiet: the page says what failed.
 */
export const listPackages = (query: PackageListRequest, options: ApiCallOptions = { systemNotify: false }) =>
  apiGet<Page<PackageDto>>('/mall/package/list', { ...query }, options)
