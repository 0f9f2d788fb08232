import type { FinalCountDto } from '../../../domain/arrival.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/order/finalCount: the shopper's balances due, and how many of them are overdue. */
export const getFinalCount = (options?: ApiCallOptions) =>
  apiGet<FinalCountDto>('/mall/order/finalCount', {}, options)
