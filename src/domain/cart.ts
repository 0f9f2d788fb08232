import * as v from 'valibot'
import type { ProductCardDto } from './catalog.ts'
import { orRequired, payloadObject } from './fields.ts'
import { PRODUCT_TYPES } from './product-type.ts'
import { ValidationMessage } from './validation-messages.ts'

/** The most of one product a cart line holds; more is an operator's bulk order, not a cart. */
export const MAX_CART_AMOUNT = 9999

const positiveWhole = (max: number) =>
  v.pipe(
    v.number(orRequired(ValidationMessage.id)),
    v.integer(ValidationMessage.id),
    v.minValue(1, ValidationMessage.id),
    v.maxValue(max, ValidationMessage.id),
  )

/** POST /mall/cart/addToCart (spec §7): the type is the one the shopper saw, checked against the product's. */
export const addToCartBody = payloadObject({
  productId: positiveWhole(999_999_999),
  productAmount: positiveWhole(MAX_CART_AMOUNT),
  productType: v.picklist(PRODUCT_TYPES, ValidationMessage.productType),
})
export type AddToCartBody = v.InferOutput<typeof addToCartBody>

/** An amount a product's order base allows: a whole multiple of it (spec §3 'order quantity base'). */
export function isAllowedAmount(amount: number, orderBase: number): boolean {
  return Number.isInteger(amount) && amount >= orderBase && amount % orderBase === 0
}

/** One line of GET /mall/cart/listCart: the product's card plus the line. */
export interface CartLineDto extends ProductCardDto {
  cartId: number
  productId: number
  productAmount: number
  productType: number
  orderBase: number
  stock: number
  available: boolean
}

/** The header's cart count: the sum of productAmount over the lines (spec §3 'Session and user store'). */
export function cartNumber(lines: readonly Pick<CartLineDto, 'productAmount'>[]): number {
  return lines.reduce((sum, line) => sum + line.productAmount, 0)
}
