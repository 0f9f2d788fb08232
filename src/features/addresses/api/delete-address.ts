import { type ApiCallOptions, apiDelete } from '../../../lib/api-client.ts'

/** DELETE /mall/address/del/{id}: when it was the default, the newest remaining address becomes it. */
export const deleteAddress = (id: number, options?: ApiCallOptions) =>
  apiDelete<{ removed: number }>(`/mall/address/del/${id}`, undefined, options)
