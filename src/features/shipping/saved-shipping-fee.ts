import {
  parseSavedShippingFee,
  type SavedShippingFee,
  SHIPPING_FEE_MACHINE_VERSION,
} from '../../../machines/shipping-fee/shipping-fee-saved-state.ts'
import { persistedSnapshots } from '../../lib/persisted-snapshot.ts'

/**
 * One saved shipping fee per shopper (`snapshot:checkout:shipping:customer:{id}`): another account
 * never sees it. It lives under the checkout's prefix on purpose: the session forgets every
 * `checkout:` snapshot at a logout, and a fee awaited is the shopper's as much as a checkout is.
 */
export function savedShippingFeeOf(owner: string) {
  return persistedSnapshots<SavedShippingFee>({
    key: `checkout:shipping:${owner}`,
    version: SHIPPING_FEE_MACHINE_VERSION,
    parse: (stored) => parseSavedShippingFee(stored, owner),
  })
}
