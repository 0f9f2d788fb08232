import type { ShippingOptionDto } from '../../../domain/packaging.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/package/shippingCost/{packageId}: every method for the package's box and address, with its
 * fee, or unavailable with the reason.
 */
export const getShippingCost = (packageId: number, options: ApiCallOptions = { systemNotify: false }) =>
  apiGet<ShippingOptionDto[]>(`/mall/package/shippingCost/${packageId}`, {}, options)
