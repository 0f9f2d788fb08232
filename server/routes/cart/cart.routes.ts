import { addToCartBody, removeFromCartBody } from '../../../src/domain/cart.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import { addToCartAnswer, cartLineAnswer, cartLineListAnswer, cartRemovedAnswer } from '../../answers/cart.ts'
import type { RouteContract } from '../contract.ts'

// The changes accept an `Idempotency-Key` header (1–100 of A–Z a–z 0–9 - _ : .): a repeat within 24 h
// answers the first answer and changes nothing; the same key on another request is a 409.
const idempotent = 'Accepts an Idempotency-Key header (a repeat within 24 h replays the first answer).'

export const listCart = {
  method: 'get',
  path: '/mall/cart/listCart',
  summary:
    'The caller’s cart lines, last changed first, with their unit price, deposit and discount; a line that cannot be ordered as it stands is kept with orderable false and its reason',
  tag: 'cart',
  access: 'customer',
  query: languageQuery,
  returns: cartLineListAnswer,
} satisfies RouteContract

export const addToCart = {
  method: 'post',
  path: '/mall/cart/addToCart',
  summary: `Adds an on-sale product to the cart (or to its line); the amount must be a multiple of the order base, and a line of a stocked type may not hold more than the stock (409). ${idempotent}`,
  tag: 'cart',
  access: 'customer',
  idempotent: true,
  body: addToCartBody,
  returns: addToCartAnswer,
} satisfies RouteContract

export const changeNum = {
  method: 'put',
  path: '/mall/cart/changeNum/:id/:num',
  summary: `Sets the amount of the caller’s line {id} to {num}: a multiple of the order base, at most 9999 and, for stocked types, the stock (409); an off-sale product is a 409; another shopper’s line is a 404. ${idempotent}`,
  tag: 'cart',
  access: 'customer',
  idempotent: true,
  query: languageQuery,
  returns: cartLineAnswer,
} satisfies RouteContract

export const removeFromCart = {
  method: 'delete',
  path: '/mall/cart/removeFromCart',
  summary: `Removes the caller’s lines { cartIds }, all or nothing: any id that is not the caller’s line is a 404 and nothing is removed. ${idempotent}`,
  tag: 'cart',
  access: 'customer',
  idempotent: true,
  body: removeFromCartBody,
  returns: cartRemovedAnswer,
} satisfies RouteContract

export const clearCart = {
  method: 'delete',
  path: '/mall/cart/clearCart',
  summary: `Removes every line of the caller’s cart. ${idempotent}`,
  tag: 'cart',
  access: 'customer',
  idempotent: true,
  returns: cartRemovedAnswer,
} satisfies RouteContract

export const cartContracts = [listCart, addToCart, changeNum, removeFromCart, clearCart]
