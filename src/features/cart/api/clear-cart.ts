import { type ApiCallOptions, apiDelete } from '../../../lib/api-client.ts'

/** DELETE /mall/cart/clearCart: removes every line of the caller's cart. */
export const clearCart = (options: ApiCallOptions = {}) =>
  apiDelete<{ removed: number }>('/mall/cart/clearCart', undefined, options)
