import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { CheckoutActor, CheckoutSnapshot } from '../../../machines/checkout/checkout.machine.ts'
import { useCartLink, useSession } from '../account/session/use-session.tsx'
import { followSession } from './checkout-store.ts'

/** `customer:{id}` while a customer is signed in (whose checkout it is), else null. */
export function useCheckoutOwner(): string | null {
  const { claims } = useSession()
  return claims?.kind === 'customer' ? `customer:${claims.sub}` : null
}

/**
 * The checkout `open` finds for the signed-in customer (opened again when the shopper or `key` changes)
 * and its snapshot on every step; undefined while it is being opened or when there is none.
 */
export function useCheckout(
  open: ((owner: string) => Promise<CheckoutActor | undefined>) | null,
  key: string,
): { actor: CheckoutActor | undefined; snapshot: CheckoutSnapshot | undefined } {
  const owner = useCheckoutOwner()
  const link = useCartLink()
  useEffect(() => followSession(link), [link])
  const [actor, setActor] = useState<CheckoutActor | undefined>()
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
  const snapshot = useSelector(actor, (s) => s)
  return { actor, snapshot }
}
