import type { ExtraFeeStatus, ExtraFeeType } from '../../../domain/extra-fee.ts'
import type { OpsExtraFeeDto } from '../../../domain/extras.ts'
import { apiGet } from '../../../lib/api-client.ts'
import type { OpsPage } from './list-package-applies.ts'

export interface OpsExtraFeeFilter {
  status?: ExtraFeeStatus | undefined
  type?: ExtraFeeType | undefined
  userId?: number | undefined
}

/** GET /api/ops/extra-fees: every shopper's extra fees, by status, type and shopper, newest first. */
export const listOpsExtraFees = (filter: OpsExtraFeeFilter & { pageNum: number; pageSize: number }) =>
  apiGet<OpsPage<OpsExtraFeeDto>>('/ops/extra-fees', { ...filter }, { systemNotify: false })
