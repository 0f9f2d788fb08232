import type { CartLineDto } from '../../../domain/cart.ts'
import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

/** PUT /mall/cart/changeNum/{cartId}/{num}: the line's new amount (a multiple of its order base). */
export const changeCartAmount = (cartId: number, amount: number, options: ApiCallOptions = {}) =>
  apiPut<CartLineDto | null>(`/mall/cart/changeNum/${cartId}/${amount}`, undefined, options)
