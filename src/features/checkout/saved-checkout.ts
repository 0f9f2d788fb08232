import {
  CHECKOUT_MACHINE_VERSION,
  parseSavedCheckout,
  type SavedCheckout,
} from '../../../machines/checkout/checkout-saved-state.ts'
import { persistedSnapshots } from '../../lib/persisted-snapshot.ts'

/** One saved checkout per shopper (`snapshot:checkout:customer:{id}`): another account never sees it. */
export function savedCheckoutOf(owner: string) {
  return persistedSnapshots<SavedCheckout>({
    key: `checkout:${owner}`,
    version: CHECKOUT_MACHINE_VERSION,
    parse: (stored) => parseSavedCheckout(stored, owner),
  })
}

/** An order asked for and never confirmed: a createOrder key kept, no order id known. */
export function isUnfinishedOrder(saved: Pick<SavedCheckout, 'context'>): boolean {
  return saved.context.orderId === null && saved.context.createKey !== null
}

/**
 * Whether the shopper has such an order saved: read without the checkout's machine, so the cart page
 * loads the checkout's code only for a shopper who needs it.
 */
export async function hasUnfinishedOrder(owner: string): Promise<boolean> {
  const saved = await savedCheckoutOf(owner).restore()
  return saved !== undefined && isUnfinishedOrder(saved)
}
