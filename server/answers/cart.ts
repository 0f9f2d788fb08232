import * as v from 'valibot'
import type { AddToCartAnswer, CartLineDto, CartLineReason } from '../../src/domain/cart.ts'
import { productCardEntries } from './catalog.ts'
import { answerOf, count, id, named } from './shape.ts'

const cartLineReasons = [
  'unavailable',
  'outOfStock',
  'partnerOnly',
  'amount',
  'typeChanged',
] as const satisfies readonly CartLineReason[]

/** Per unit, in yen, for the shopper's price column; absent when partner-only or no column fits. */
const perUnit = v.optional(count)

export const cartLineAnswer = named(
  'CartLineDto',
  answerOf<CartLineDto>()(
    v.strictObject({
      ...productCardEntries,
      cartId: id,
      productId: id,
      productAmount: count,
      productType: count,
      orderBase: count,
      stock: v.pipe(
        v.nullable(count),
        v.description('Counted stock of stocked types; null for pre-order types'),
      ),
      price: perUnit,
      deposit: perUnit,
      discount: perUnit,
      orderable: v.boolean(),
      reason: v.pipe(
        v.nullable(v.picklist(cartLineReasons)),
        v.description('Why the line cannot be ordered as it stands; null when it can'),
      ),
    }),
  ),
)

export const cartLineListAnswer = v.array(cartLineAnswer)

export const addToCartAnswer = named(
  'AddToCartAnswer',
  answerOf<AddToCartAnswer>()(
    v.strictObject({
      cartId: id,
      productAmount: v.pipe(count, v.description('The line’s new total')),
    }),
  ),
)

/** removeFromCart and clearCart: how many lines went. */
export const cartRemovedAnswer = answerOf<{ removed: number }>()(v.strictObject({ removed: count }))
