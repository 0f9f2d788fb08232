import type { CartLineDto } from '../../src/domain/cart.ts'
import type { CartChange, CartNotice } from './cart-changes.ts'

/**
 * Version of what the cart keeps across reloads (`CartSavedState`). Bump it whenever that shape
 * changes: a saved cart of another version is then discarded instead of misread (the server still has
 * the cart; only changes never sent are lost).
 */
export const CART_MACHINE_VERSION = 1

/** The part of the cart kept across reloads and closed tabs (IndexedDB, by the feature). */
export interface CartSavedState {
  /** Who the cart belongs to (`kind:userId`); a saved cart of anyone else is never restored. */
  owner: string
  lines: CartLineDto[]
  queue: CartChange[]
  notices: CartNotice[]
}

/** A saved cart in the shape this version writes, or undefined for a damaged entry. */
export function parseCartSavedState(saved: unknown): CartSavedState | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined
  const candidate = saved as Partial<CartSavedState>
  if (
    typeof candidate.owner !== 'string' ||
    !Array.isArray(candidate.lines) ||
    !Array.isArray(candidate.queue) ||
    !Array.isArray(candidate.notices)
  ) {
    return undefined
  }
  return candidate as CartSavedState
}

/** The saved cart to start from: only the same shopper's, and only in the shape this version writes. */
export function savedStateFor(owner: string, saved: unknown): CartSavedState | undefined {
  const parsed = parseCartSavedState(saved)
  return parsed?.owner === owner ? parsed : undefined
}

/** Whether the saved cart holds changes of this shopper that the server has not confirmed. */
export function hasUnsentChanges(saved: unknown, owner: string): boolean {
  return (savedStateFor(owner, saved)?.queue.length ?? 0) > 0
}
