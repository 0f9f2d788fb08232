import type { RemoveFromCartBody } from '../../../domain/cart.ts'
import { type ApiCallOptions, apiDelete } from '../../../lib/api-client.ts'

/** DELETE /mall/cart/removeFromCart { cartIds }: removes the caller's lines. */
export const removeFromCart = (body: RemoveFromCartBody, options: ApiCallOptions = {}) =>
  apiDelete<{ removed: number }>('/mall/cart/removeFromCart', body, options)
