import type { ActorRefFrom } from 'xstate'
import {
  type SessionSnapshot,
  selectClaims,
  type sessionMachine,
} from '../../../../machines/session/session.machine.ts'

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

/** Whether IndexedDB holds changes of this shopper's cart that the server has not confirmed. */
export function hasUnsentCartChanges(saved: unknown, owner: string): boolean {
  const candidate = saved as { owner?: unknown; queue?: unknown } | null | undefined
  return candidate?.owner === owner && Array.isArray(candidate.queue) && candidate.queue.length > 0
}
