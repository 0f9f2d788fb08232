import { createOrderBody, createOrderQuery } from '../../../src/domain/orders.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import { cancelledOrderAnswer, createdOrderAnswer } from '../../answers/checkout.ts'
import type { RouteContract } from '../contract.ts'

// Both calls accept an `Idempotency-Key` header: a repeat within 24 h answers the first answer and
// changes nothing; the same key on another request (other lines, other points) is a 409.
const idempotent = 'Accepts an Idempotency-Key header (a repeat within 24 h replays the first answer).'

export const createOrder = {
  method: 'post',
  path: '/mall/order/createOrder',
  summary: `Turns the caller’s cart lines { cartLineIds } into one order in 2 waitPay, one line per product, priced and frozen; stock of in-stock types is reserved and the lines leave the cart. \`score\` holds points for the first payment (at most the points held and the deposit). All or nothing: a line that is not the caller’s is a 404 naming the ids; a product that cannot be ordered (off sale, out of stock, partner-only price, amount off the order base, type changed, no price) is a 409 naming it in \`language\`, with { productId, productName, reason } in data. The order must be paid within 30 minutes or it is cancelled. ${idempotent}`,
  tag: 'orders',
  access: 'customer',
  idempotent: true,
  query: createOrderQuery,
  body: createOrderBody,
  returns: createdOrderAnswer,
} satisfies RouteContract

export const cancelOrder = {
  method: 'post',
  path: '/mall/order/cancel/:id',
  summary: `Cancels the caller’s order {id} while it awaits its first payment (2 → 1): open payments end, reserved stock and held points are given back. Any other status is a 409; another shopper’s order is a 404. ${idempotent}`,
  tag: 'orders',
  access: 'customer',
  idempotent: true,
  query: languageQuery,
  returns: cancelledOrderAnswer,
} satisfies RouteContract

export const checkoutContracts: RouteContract[] = [createOrder, cancelOrder]
