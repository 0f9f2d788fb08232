import type { CartLineDto } from '../../../domain/cart.ts'
import type { Language } from '../../../domain/language.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

export const listCart = (language: Language, options: ApiCallOptions = {}) =>
  apiGet<CartLineDto[]>('/mall/cart/listCart', { language }, options)

/** How long the session's own reading of the cart may stand in for the cart page's first one. */
export const STARTUP_CART_FRESH_MS = 5_000

let startupCart: { owner: string; language: Language; at: number; lines: Promise<CartLineDto[]> } | undefined

/**
 * The session's startup reading of the cart (spec §4 'Startup'), kept for the cart itself: a cart
 * opened right after (the shopper landed on the cart page) starts from this answer instead of asking
 * the server the same question again a moment later.
 */
export function listCartAtStartup(owner: string, language: Language, options: ApiCallOptions = {}) {
  const lines = listCart(language, options)
  startupCart = { owner, language, at: performance.now(), lines }
  return lines
}

/**
 * The startup reading for `owner`'s cart in `language`, once, if it is only seconds old; else
 * undefined (the cart asks the server). A reading that failed is not handed on.
 */
export function takeStartupCart(owner: string, language: Language): Promise<CartLineDto[]> | undefined {
  const taken = startupCart
  startupCart = undefined
  if (!taken || taken.owner !== owner || taken.language !== language) return undefined
  if (performance.now() - taken.at > STARTUP_CART_FRESH_MS) return undefined
  return taken.lines
}
