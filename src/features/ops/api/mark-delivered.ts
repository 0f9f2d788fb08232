import type { OpsPackageDto } from '../../../domain/packaging.ts'
import { apiPost } from '../../../lib/api-client.ts'

/** POST /api/ops/packages/{id}/delivered: 5 send → 9 received by the carrier (orders 11 → 16). */
export const markPackageDelivered = (packageId: number) =>
  apiPost<OpsPackageDto>(`/ops/packages/${packageId}/delivered`, undefined, { systemNotify: false })
