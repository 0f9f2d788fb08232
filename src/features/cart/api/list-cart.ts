import type { CartLineDto } from '../../../domain/cart.ts'
import type { Language } from '../../../domain/language.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

export const listCart = (language: Language, options: ApiCallOptions = {}) =>
  apiGet<CartLineDto[]>('/mall/cart/listCart', { language }, options)

/** How long the session's own reading of the cart may stand in for the cart page's first one. */
const STARTUP_CART_FRESH_MS = 5_000

/** The session's startup reading of a cart: whose, in which language, when it was asked (performance.now()). */
export interface StartupCartReading {
  owner: string
  language: Language
  at: number
  lines: Promise<CartLineDto[]>
}

let startupCart: StartupCartReading | undefined

/** Whether a startup reading is recent enough to stand in for a reading of the cart now. */
export const isFresh = (reading: Pick<StartupCartReading, 'at'>) =>
  performance.now() - reading.at <= STARTUP_CART_FRESH_MS

/**
 * The session's startup reading of the cart (spec §4 'Startup'), kept for the cart itself: a cart
 * opened right after (the shopper landed on the cart page) starts from this answer instead of asking
 * the server the same question again a moment later.
 */
export function listCartAtStartup(owner: string | null, language: Language, options: ApiCallOptions = {}) {
  const lines = listCart(language, options)
  startupCart = owner === null ? undefined : { owner, language, at: performance.now(), lines }
  return lines
}

/**
 * The startup reading for `owner`'s cart in `language`, once, if it is only seconds old; else
 * undefined (the cart asks the server). A reading that failed is not handed on.
 */
export function takeStartupCart(owner: string, language: Language): StartupCartReading | undefined {
  const taken = startupCart
  startupCart = undefined
  if (!taken || taken.owner !== owner || taken.language !== language || !isFresh(taken)) return undefined
  return taken
}
