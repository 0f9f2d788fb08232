import type { Language } from '../../../domain/language.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/package_apply/goods: the shopper's operable orders in 6 finalPay not yet requested for
 * packaging, with their packaging deadline, its state and their lines (names in `language`).
 */
export const listPackagingGoods = (language: Language, options?: ApiCallOptions) =>
  apiGet<OrderDto[]>('/mall/package_apply/goods', { language }, options)
