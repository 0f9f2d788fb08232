import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import type { CartActor, CartSnapshot } from '../../../machines/cart/cart.machine.ts'
import type { CartNotice, CartViewLine } from '../../../machines/cart/cart-changes.ts'
import { cartView } from '../../../machines/cart/cart-changes.ts'
import { useCartLink } from '../account/session/use-session.tsx'
import { cartCommands, openCart } from './cart-store.ts'

/**
 * - `loading`: the first read of the cart is under way (nothing to show yet);
 * - `syncing`: changes are being sent or the cart re-read (what shows is already the shopper's view);
 * - `offline`: changes wait for the connection;
 * - `failed`: the cart could not be read, and nothing was kept to show;
 * - `ready`: what shows is what the server holds.
 */
export type CartStatus = 'loading' | 'syncing' | 'offline' | 'failed' | 'ready'

export interface CartState {
  lines: CartViewLine[]
  status: CartStatus
  /** Changes not yet confirmed by the server. */
  pendingCount: number
  /** Changes the server refused, until dismissed. */
  notices: CartNotice[]
}

export interface CartCommands {
  setAmount(productId: number, amount: number): void
  remove(productIds: number[]): void
  clear(): void
  /** Read the server's cart again. */
  refresh(): void
  dismissNotices(): void
}

const EMPTY: CartState = { lines: [], status: 'loading', pendingCount: 0, notices: [] }

function statusOf(snapshot: CartSnapshot, hasLines: boolean): CartStatus {
  if (snapshot.matches('offline')) return 'offline'
  if (snapshot.matches('idle') || snapshot.matches('halted')) {
    return snapshot.context.loadFailed && !hasLines ? 'failed' : 'ready'
  }
  // sending or reading: a cart never read has nothing to show yet
  return snapshot.context.lines.length === 0 && snapshot.context.queue.length === 0 && !hasLines
    ? 'loading'
    : 'syncing'
}

function useCartActor(): CartActor | undefined {
  const link = useCartLink()
  const [actor, setActor] = useState<CartActor | undefined>()
  useEffect(() => {
    let live = true
    const follow = () =>
      void openCart(link).then((opened) => {
        if (live) setActor(opened)
      })
    follow()
    const stop = link.onOwnerChange(follow)
    return () => {
      live = false
      stop()
    }
  }, [link])
  return actor
}

/** The signed-in customer's cart (opened on first use) and its commands. */
export function useCart(): CartState & CartCommands & { actor: CartActor | undefined } {
  const actor = useCartActor()
  // every transition of the cart is worth a render of the page that shows it
  const snapshot = useSelector(actor, (s) => s)
  const state: CartState = useMemo(() => {
    if (!snapshot) return EMPTY
    const lines = cartView(snapshot.context.lines, snapshot.context.queue)
    return {
      lines,
      status: statusOf(snapshot, lines.length > 0),
      pendingCount: snapshot.context.queue.length,
      notices: snapshot.context.notices,
    }
  }, [snapshot])
  const commands: CartCommands = useMemo(
    () => ({
      setAmount: (productId, amount) => actor && cartCommands.setAmount(actor, productId, amount),
      remove: (productIds) => actor && cartCommands.remove(actor, productIds),
      clear: () => actor && cartCommands.clear(actor),
      refresh: () => actor && cartCommands.refresh(actor),
      dismissNotices: () => actor && cartCommands.dismissNotices(actor),
    }),
    [actor],
  )
  return { ...state, ...commands, actor }
}
