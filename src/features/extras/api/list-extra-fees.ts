import type { ExtraFeeStatus } from '../../../domain/extra-fee.ts'
import type { ExtraFeeDto } from '../../../domain/extras.ts'
import type { Page } from '../../../domain/queries.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

export interface ExtraFeeListRequest {
  pageNum: number
  pageSize: number
  /** One status only; left out, every fee (unpaid first, then newest first). */
  status?: ExtraFeeStatus | undefined
}

/** GET /mall/extra_pay/list: the shopper's extra fees. Quiet: the page says what failed. */
export const listExtraFees = (
  query: ExtraFeeListRequest,
  options: ApiCallOptions = { systemNotify: false },
) => apiGet<Page<ExtraFeeDto>>('/mall/extra_pay/list', { ...query }, options)
