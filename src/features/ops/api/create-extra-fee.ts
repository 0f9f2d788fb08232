import type { OpsCreateExtraFeeBody, OpsExtraFeeDto } from '../../../domain/extras.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /api/ops/extra-fees: a free-form fee (type 2) for a shopper, status 1. 400 names the field
 * (`userId` not a shopper, `orderIds` not theirs, …).
 */
export const createExtraFee = (body: OpsCreateExtraFeeBody) =>
  apiPost<OpsExtraFeeDto>('/ops/extra-fees', body, { systemNotify: false })
