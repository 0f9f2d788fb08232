import type { AddToCartBody } from '../../../domain/cart.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /mall/cart/addToCart {productId, productAmount (a multiple of the order base), productType}.
 * A refusal is toasted with the server's message by the API client.
 */
export const addToCart = (body: AddToCartBody) => apiPost<unknown>('/mall/cart/addToCart', body)
