import type { CartLineDto } from '../../../domain/cart.ts'
import type { Language } from '../../../domain/language.ts'
import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

/** PUT /mall/cart/changeNum/{cartId}/{num}: the line's new amount (a multiple of its order base); the line as priced. */
export const changeCartAmount = (
  cartId: number,
  amount: number,
  language: Language,
  options: ApiCallOptions = {},
) =>
  apiPut<CartLineDto>(`/mall/cart/changeNum/${cartId}/${amount}`, undefined, {
    ...options,
    query: { language },
  })
