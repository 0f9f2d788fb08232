import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'
import { type PayFlowView, payFlowView } from '../../../machines/payment/pay-flow.ts'
import type { CartSessionLink } from '../account/session/cart-session-link.ts'
import { useCartLink, useSession } from '../account/session/use-session.tsx'

/** `customer:{id}` while a customer is signed in (whose flow it is), else null. */
export function usePayFlowOwner(): string | null {
  const { claims } = useSession()
  return claims?.kind === 'customer' ? `customer:${claims.sub}` : null
}

/**
 * The paying flow `open` finds for the signed-in customer (opened again when the shopper or `key`
 * changes) and its snapshot on every step; undefined while it is being opened or when there is none.
 * `follow` ties the flow's store to the session (a logout stops it).
 */
export function usePayFlow<A extends AnyActorRef>(
  open: ((owner: string) => Promise<A | undefined>) | null,
  key: string,
  follow: (link: CartSessionLink) => void,
): { actor: A | undefined; snapshot: SnapshotFrom<A> | undefined } {
  const owner = usePayFlowOwner()
  const link = useCartLink()
  useEffect(() => follow(link), [follow, link])
  const [actor, setActor] = useState<A | undefined>()
  // `open` is a fresh function each render; `key` says what it opens
  // biome-ignore lint/correctness/useExhaustiveDependencies: key names what open opens
  useEffect(() => {
    if (owner === null || open === null) {
      setActor(undefined)
      return
    }
    let live = true
    void open(owner).then((opened) => {
      if (live) setActor(opened)
    })
    return () => {
      live = false
    }
  }, [owner, key])
  const snapshot = useSelector(actor, (s) => s) as SnapshotFrom<A> | undefined
  return { actor, snapshot }
}

/** A paying flow (usePayFlow), its snapshot seen with its attempt's steps readable by name (pay-flow.ts). */
export function usePayingFlow<A extends AnyActorRef>(
  open: ((owner: string) => Promise<A | undefined>) | null,
  key: string,
  follow: (link: CartSessionLink) => void,
): { actor: A | undefined; snapshot: PayFlowView<SnapshotFrom<A>> | undefined } {
  const { actor, snapshot: current } = usePayFlow(open, key, follow)
  // one view per snapshot: the pages' effects follow the snapshot, not each render
  const snapshot = useMemo(() => (current ? payFlowView(current) : undefined), [current])
  return { actor, snapshot }
}
