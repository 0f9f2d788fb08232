import type { OpsPackageApplyDto } from '../../../domain/packaging.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /api/ops/package-applies/{id}: the request with its lines, address, shopper and packages. */
export const getOpsPackageApply = (applyId: number) =>
  apiGet<OpsPackageApplyDto>(`/ops/package-applies/${applyId}`, {}, { systemNotify: false })
