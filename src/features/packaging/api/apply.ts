import type { PackageApplyBody, PackageApplyDto } from '../../../domain/packaging.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/**
 * POST /mall/package_apply/apply { orderIds, addressId, shippingMethodId?, remark? }: one application
 * for the chosen orders (6 → 7). Refused with 409 and `PackageApplyRefusalData` (no address, unpaid
 * fees, an order not ready or forfeited). `key` is the request's `Idempotency-Key`, the same for every
 * retry of one request.
 */
export const applyPackaging = (body: PackageApplyBody, key: string, options: ApiCallOptions = {}) =>
  apiPost<PackageApplyDto>('/mall/package_apply/apply', body, {
    ...options,
    headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: key },
  })
