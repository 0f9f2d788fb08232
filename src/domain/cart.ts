import * as v from 'valibot'
import type { ProductCardDto } from './catalog.ts'
import { orRequired, payloadObject } from './fields.ts'
import { idValue } from './list-queries.ts'
import { PRODUCT_TYPES, ProductType } from './product-type.ts'
import { wholeNumber } from './queries.ts'
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

/** Product types whose goods are in hand, so a counted stock limits them (flows §1: 2 stock, 7 supplierStock). */
export const STOCKED_TYPES: readonly number[] = [ProductType.stock, ProductType.supplierStock]

export function isStockedType(type: number): boolean {
  return STOCKED_TYPES.includes(type)
}

/**
 * Why a cart line cannot be ordered as it stands. The line stays in the cart, marked, so the shopper
 * sees what changed: `unavailable` off sale; `outOfStock` fewer in stock than the line holds (or none);
 * `partnerOnly` the shopper's price is open to partners only; `amount` the amount no longer fits the
 * order base; `typeChanged` the product's type changed since it was added.
 */
export type CartLineReason = 'unavailable' | 'outOfStock' | 'partnerOnly' | 'amount' | 'typeChanged'

/**
 * One line of GET /mall/cart/listCart (flows §9 'cart line'): the product's card (`id` is the product's)
 * plus the line. `price` is the unit price of the shopper's column (absent when partner-only or when no
 * column fits), `deposit` and `discount` are per unit from src/domain/pricing.ts with the shop's charge
 * settings. `stock` is the counted stock of stocked types (null for pre-order types).
 */
export interface CartLineDto extends ProductCardDto {
  cartId: number
  productId: number
  productAmount: number
  productType: number
  orderBase: number
  stock: number | null
  price?: number
  deposit?: number
  discount?: number
  orderable: boolean
  reason: CartLineReason | null
}

/** DELETE /mall/cart/removeFromCart (flows §9): one or several of the caller's line ids. */
export const removeFromCartBody = payloadObject({
  cartIds: v.pipe(
    v.array(positiveWhole(999_999_999), ValidationMessage.idList),
    v.minLength(1, ValidationMessage.idList),
    v.maxLength(200, ValidationMessage.idList),
  ),
})
export type RemoveFromCartBody = v.InferOutput<typeof removeFromCartBody>

/** PUT /mall/cart/changeNum/{id}/{num}: the line and its new amount (a multiple of the order base). */
export const changeNumParams = v.object({ id: idValue, num: wholeNumber(1, MAX_CART_AMOUNT) })

/** Answer of addToCart: the line the product now sits on. */
export interface AddToCartAnswer {
  cartId: number
  productAmount: number
}

/**
 * The `Idempotency-Key` request header of a change that may be sent again (an offline cart change
 * replayed after its answer was lost): letters, digits and `-_:.`, at most 100.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_:.-]{1,100}$/, ValidationMessage.idempotencyKey),
)

/** The header's cart count: the sum of productAmount over the lines (spec §3 'Session and user store'). */
export function cartNumber(lines: readonly Pick<CartLineDto, 'productAmount'>[]): number {
  return lines.reduce((sum, line) => sum + line.productAmount, 0)
}
