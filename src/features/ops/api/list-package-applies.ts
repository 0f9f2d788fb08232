import type { PackageStatus } from '../../../domain/package-status.ts'
import type { OpsPackageApplyDto } from '../../../domain/packaging.ts'
import { apiGet } from '../../../lib/api-client.ts'

export interface OpsPackageFilter {
  /** An outbound status code; undefined for every status. */
  status?: PackageStatus | undefined
  keyword?: string | undefined
}

export interface OpsPage<T> {
  list: T[]
  total: number
  pageNum: number
  pageSize: number
}

/** GET /api/ops/package-applies: every shopper's packaging requests, by status (1, 2, 3) and keyword. */
export const listOpsPackageApplies = (filter: OpsPackageFilter & { pageNum: number; pageSize: number }) =>
  apiGet<OpsPage<OpsPackageApplyDto>>('/ops/package-applies', { ...filter }, { systemNotify: false })
