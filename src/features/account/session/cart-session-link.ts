import type { ActorRefFrom } from 'xstate'
import type { SessionSnapshot, sessionMachine } from '../../../../machines/session/session.machine.ts'

type SessionActorRef = ActorRefFrom<typeof sessionMachine>

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

/** `customer:{id}` while a customer is signed in: whose cart the cart's code works on. */
function cartOwnerOf(snapshot: SessionSnapshot | undefined): string | null {
  if (!snapshot?.matches('signedIn')) return null
  const claims = snapshot.context.claims
  return claims?.kind === 'customer' ? `customer:${claims.sub}` : null
}

/**
 * The cart's view of a session: `current` is the running actor (or none yet), `subscribe` reports its
 * changes. Kept apart from the cart's and the session's code, so the first load can hold it.
 */
export function cartLinkOver(
  current: () => SessionActorRef | null,
  subscribe: (listener: () => void) => () => void,
): CartSessionLink {
  const owner = () => cartOwnerOf(current()?.getSnapshot())
  return {
    owner,
    onOwnerChange(listener) {
      let last = owner()
      return subscribe(() => {
        const next = owner()
        if (next === last) return
        last = next
        listener()
      })
    },
    cartNumberChanged(cartNumber) {
      const session = current()
      if (!session || session.getSnapshot().context.startup.cartNumber === cartNumber) return
      session.send({ type: 'STARTUP_PATCHED', patch: { cartNumber } })
    },
  }
}
