import type { EstimatedMethodDto } from '../../../domain/packaging.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/package_apply/methods?addressId=&orderIds=: the methods a request to that address may
 * prefer, each with its cheapest band there ("from ¥…") or why it cannot serve it, and with orders
 * chosen, each one's estimated fee for them (null without orders).
 */
export const listShippingEstimates = (
  query: { addressId: number; orderIds?: readonly number[] },
  options?: ApiCallOptions,
) =>
  apiGet<EstimatedMethodDto[]>(
    '/mall/package_apply/methods',
    {
      addressId: query.addressId,
      orderIds: query.orderIds && query.orderIds.length > 0 ? query.orderIds.join(',') : undefined,
    },
    options,
  )
