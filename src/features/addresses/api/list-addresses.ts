import type { AddressDto } from '../../../domain/address.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/address/list: the shopper's addresses, the default first, then the newest. */
export const listAddresses = (options?: ApiCallOptions) =>
  apiGet<AddressDto[]>('/mall/address/list', {}, options)
