import type { OpsExtraFeeDto, OpsVoidExtraFeeBody } from '../../../domain/extras.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /api/ops/extra-fees/{id}/void { waive, reason }: 1 → 4 (voided when charged in error, waived
 * when forgiven). 409 when the fee is no longer payable or a payment of it is being confirmed.
 */
export const voidExtraFee = (feeId: number, body: OpsVoidExtraFeeBody) =>
  apiPost<OpsExtraFeeDto>(`/ops/extra-fees/${feeId}/void`, body, { systemNotify: false })
