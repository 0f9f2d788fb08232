import type { ShippingMethodEstimateDto } from '../../../domain/packaging.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/package_apply/methods?addressId=: the methods a request to that address may prefer, each
 * with its cheapest band there ("from ¥…") or why it cannot serve it.
 */
export const listShippingEstimates = (addressId: number, options?: ApiCallOptions) =>
  apiGet<ShippingMethodEstimateDto[]>('/mall/package_apply/methods', { addressId }, options)
