import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import type { CartNotice, CartViewLine } from '../../../machines/cart/cart-changes.ts'
import { cartView } from '../../../machines/cart/cart-changes.ts'
import type { CartActor, CartSnapshot } from '../../../machines/cart/cart.machine.ts'
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

const selectLines = (snapshot: CartSnapshot) => snapshot.context.lines
const selectQueue = (snapshot: CartSnapshot) => snapshot.context.queue
const selectNotices = (snapshot: CartSnapshot) => snapshot.context.notices
const selectState = (snapshot: CartSnapshot) => snapshot.value
const selectLoadFailed = (snapshot: CartSnapshot) => snapshot.context.loadFailed

/** The signed-in customer's cart (opened on first use) and its commands. */
export function useCart(): CartState & CartCommands & { actor: CartActor | undefined } {
  const actor = useCartActor()
  // useSelector needs an actor; until the cart is open, read a stopped placeholder's nothing
  const lines = useSelector(actor, (s) => (s ? selectLines(s) : undefined))
  const queue = useSelector(actor, (s) => (s ? selectQueue(s) : undefined))
  const notices = useSelector(actor, (s) => (s ? selectNotices(s) : undefined))
  const value = useSelector(actor, (s) => (s ? selectState(s) : undefined))
  const loadFailed = useSelector(actor, (s) => (s ? selectLoadFailed(s) : undefined))
  const view = useMemo(() => (lines && queue ? cartView(lines, queue) : []), [lines, queue])
  const state: CartState = useMemo(() => {
    if (!actor || value === undefined) return EMPTY
    return {
      lines: view,
      status: statusOf(actor.getSnapshot(), view.length > 0),
      pendingCount: queue?.length ?? 0,
      notices: notices ?? [],
    }
    // value and loadFailed change with the state the status is read from
    // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  }, [actor, view, value, loadFailed, queue, notices])
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
