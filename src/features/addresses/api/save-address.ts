import type { Address, AddressDto } from '../../../domain/address.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/**
 * POST /mall/address/save: adds an address and answers it as stored. The first address, or one sent
 * with acquiescent 1, becomes the default; 409 when the book already holds MAX_ADDRESSES.
 */
export const saveAddress = (address: Address, options?: ApiCallOptions) =>
  apiPost<AddressDto>('/mall/address/save', address, options)
