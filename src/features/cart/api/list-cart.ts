import type { CartLineDto } from '../../../domain/cart.ts'
import type { Language } from '../../../domain/language.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

export const listCart = (language: Language, options: ApiCallOptions = {}) =>
  apiGet<CartLineDto[]>('/mall/cart/listCart', { language }, options)
