import type { CheckoutActor, CheckoutView } from '../../../machines/checkout/checkout.machine.ts'
import { followSession } from './checkout-store.ts'
import { usePayFlowOwner, usePayingFlow } from './use-pay-flow.ts'

/** `customer:{id}` while a customer is signed in (whose checkout it is), else null. */
export const useCheckoutOwner = usePayFlowOwner

/**
 * The checkout `open` finds for the signed-in customer (opened again when the shopper or `key` changes)
 * and its snapshot on every step; undefined while it is being opened or when there is none.
 */
export function useCheckout(
  open: ((owner: string) => Promise<CheckoutActor | undefined>) | null,
  key: string,
): { actor: CheckoutActor | undefined; snapshot: CheckoutView | undefined } {
  return usePayingFlow(open, key, followSession)
}
