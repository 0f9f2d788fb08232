import type { OpsPackageApplyDto } from '../../../domain/packaging.ts'
import { apiPost } from '../../../lib/api-client.ts'

/** POST /api/ops/package-applies/{id}/picked: 1 requested → 2 picked (orders 7 → 8); 409 otherwise. */
export const markApplyPicked = (applyId: number) =>
  apiPost<OpsPackageApplyDto>(`/ops/package-applies/${applyId}/picked`, undefined, { systemNotify: false })
