import { addToCartBody } from '../../../src/domain/cart.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import type { RouteContract } from '../contract.ts'

export const listCart = {
  method: 'get',
  path: '/mall/cart/listCart',
  summary: 'The caller’s cart lines, last changed first, with their prices',
  tag: 'cart',
  access: 'customer',
  query: languageQuery,
  returns: 'CartLineDto[]',
} satisfies RouteContract

export const addToCart = {
  method: 'post',
  path: '/mall/cart/addToCart',
  summary:
    'Adds an on-sale product to the cart (or to its line); the amount must be a multiple of the order base',
  tag: 'cart',
  access: 'customer',
  body: addToCartBody,
  returns: 'null',
} satisfies RouteContract

export const cartContracts = [listCart, addToCart]
