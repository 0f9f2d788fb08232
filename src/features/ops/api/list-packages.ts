import type { OpsPackageDto } from '../../../domain/packaging.ts'
import { apiGet } from '../../../lib/api-client.ts'
import type { OpsPackageFilter, OpsPage } from './list-package-applies.ts'

/** GET /api/ops/packages: every shopper's packages, by outbound status and keyword. */
export const listOpsPackages = (filter: OpsPackageFilter & { pageNum: number; pageSize: number }) =>
  apiGet<OpsPage<OpsPackageDto>>('/ops/packages', { ...filter }, { systemNotify: false })
