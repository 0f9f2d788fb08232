import type { ActorRefFrom } from 'xstate'
import {
  CART_MACHINE_VERSION,
  type CartSavedState,
  parseCartSavedState,
} from '../../../../machines/cart/cart-saved-state.ts'
import type { sessionMachine } from '../../../../machines/session/session.machine.ts'
import { persistedSnapshots } from '../../../lib/persisted-snapshot.ts'
import { type CartSessionLink, cartLinkOver } from './cart-session-link.ts'

export function cartLinkFor(session: ActorRefFrom<typeof sessionMachine>): CartSessionLink {
  return cartLinkOver(
    () => session,
    (listener) => {
      const subscription = session.subscribe(listener)
      return () => subscription.unsubscribe()
    },
  )
}

/**
 * The cart as last seen and the changes not yet sent, kept in IndexedDB: the session reads it at start
 * (to send what waits) and forgets it with the shopper; the cart's code restores and saves it.
 */
export const savedCart = persistedSnapshots<CartSavedState>({
  key: 'cart',
  version: CART_MACHINE_VERSION,
  parse: parseCartSavedState,
  // where the cart was kept before the machines' snapshots had a helper of their own
  formerKeys: ['cart'],
})
