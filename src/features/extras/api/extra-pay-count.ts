import type { ExtraPayCountDto } from '../../../domain/extras.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/extra_pay/count: the shopper's unpaid extra fees (the header's extra-pay badge). */
export const getExtraPayCount = (options?: ApiCallOptions) =>
  apiGet<ExtraPayCountDto>('/mall/extra_pay/count', {}, options)
