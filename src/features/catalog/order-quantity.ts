import { MAX_CART_AMOUNT } from '../../domain/cart.ts'
import type { ProductDetailDto } from '../../domain/catalog.ts'

/**
 * How much of a product one cart line may hold: steps of the order base (the wholesale minimum),
 * starting at one base, up to the stock when the product has a counted stock (stock 0: ordered from
 * the maker, limited only by the cart's own line limit). `orderable` is false when not even one base
 * fits.
 */
export function orderQuantityRule(product: Pick<ProductDetailDto, 'orderBase' | 'stock'>): {
  min: number
  step: number
  max: number
  orderable: boolean
} {
  const step = Math.max(1, Math.floor(product.orderBase))
  const limit = product.stock > 0 ? Math.min(product.stock, MAX_CART_AMOUNT) : MAX_CART_AMOUNT
  const max = Math.floor(limit / step) * step
  return { min: step, step, max, orderable: max >= step }
}
