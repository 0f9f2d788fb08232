import { del, get, set } from 'idb-keyval'

/**
 * The shopper's cart as last seen and the changes not yet sent (IndexedDB, so it outlives a reload and
 * a closed tab). Writes and the forget run one after the other in the order they were asked for, so a
 * logout's forget can never be overtaken by a late write of the cart it forgets.
 */
const SAVED_CART_KEY = 'cart'

let writes: Promise<unknown> = Promise.resolve()

function inOrder(step: () => Promise<unknown>): Promise<void> {
  const next = writes.then(step).then(
    () => undefined,
    // storage blocked or full: the server still has the cart; only unsent offline changes are at risk
    () => undefined,
  )
  writes = next
  return next
}

export function readSavedCart(): Promise<unknown> {
  return writes.then(() => get(SAVED_CART_KEY)).catch(() => undefined)
}

export function saveCart(state: unknown): Promise<void> {
  return inOrder(() => set(SAVED_CART_KEY, state))
}

/** On logout or when another account signs in: the previous shopper's unsent changes go with them. */
export function forgetSavedCart(): Promise<void> {
  return inOrder(() => del(SAVED_CART_KEY))
}
