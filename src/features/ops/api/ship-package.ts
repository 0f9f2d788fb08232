import type { OpsPackageDto, ShipBody } from '../../../domain/packaging.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /api/ops/packages/{id}/ship { carrier, trackingNo }: 4 waitSend → 5 send (orders 10 → 11). 400
 * names `trackingNo` when its check digit is wrong; 409 when the package is not ready to ship.
 */
export const shipPackage = (packageId: number, body: ShipBody) =>
  apiPost<OpsPackageDto>(`/ops/packages/${packageId}/ship`, body, { systemNotify: false })
