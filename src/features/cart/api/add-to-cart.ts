import type { AddToCartAnswer, AddToCartBody } from '../../../domain/cart.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/**
 * POST /mall/cart/addToCart {productId, productAmount (a multiple of the order base), productType}:
 * the line the product now sits on.
 */
export const addToCart = (body: AddToCartBody, options: ApiCallOptions = {}) =>
  apiPost<AddToCartAnswer>('/mall/cart/addToCart', body, options)
