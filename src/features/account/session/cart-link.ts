import type { ActorRefFrom } from 'xstate'
import {
  CART_MACHINE_VERSION,
  type CartSavedState,
  parseCartSavedState,
} from '../../../../machines/cart/cart-saved-state.ts'
import {
  type SessionSnapshot,
  selectClaims,
  type sessionMachine,
} from '../../../../machines/session/session.machine.ts'
import { persistedSnapshots } from '../../../lib/persisted-snapshot.ts'

/**
 * What the cart needs of the session, without the session's code having to load the cart's: whose
 * cart it is, when that changes, and where the header's count goes. The cart's code loads on demand
 * (an add, the cart page, or unsent changes found at start), never with the first page.
 */
export interface CartSessionLink {
  /** `customer:{id}` while a customer is signed in; null for a visitor or an operator (no cart). */
  owner(): string | null
  /** Called whenever the owner may have changed (sign-in, sign-out, another account). */
  onOwnerChange(listener: () => void): () => void
  /** The cart as the shopper sees it changed: the header's count follows. */
  cartNumberChanged(cartNumber: number): void
}

export function cartOwnerOf(snapshot: SessionSnapshot): string | null {
  const claims = selectClaims(snapshot)
  return claims?.kind === 'customer' ? `customer:${claims.sub}` : null
}

export function cartLinkFor(session: ActorRefFrom<typeof sessionMachine>): CartSessionLink {
  return {
    owner: () => cartOwnerOf(session.getSnapshot()),
    onOwnerChange(listener) {
      let owner = cartOwnerOf(session.getSnapshot())
      const subscription = session.subscribe((snapshot) => {
        const next = cartOwnerOf(snapshot)
        if (next === owner) return
        owner = next
        listener()
      })
      return () => subscription.unsubscribe()
    },
    cartNumberChanged(cartNumber) {
      if (session.getSnapshot().context.startup.cartNumber === cartNumber) return
      session.send({ type: 'STARTUP_PATCHED', patch: { cartNumber } })
    },
  }
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
