import type { AddressDto, AddressUpdate } from '../../../domain/address.ts'
import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

/**
 * PUT /mall/address/update: replaces every field of one address (by id) and answers it as stored;
 * acquiescent 1 makes it the default. Optional fields left out are cleared.
 */
export const updateAddress = (address: AddressUpdate, options?: ApiCallOptions) =>
  apiPut<AddressDto>('/mall/address/update', address, options)
