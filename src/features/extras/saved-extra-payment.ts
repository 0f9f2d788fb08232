import {
  EXTRA_PAYMENT_MACHINE_VERSION,
  parseSavedExtraPayment,
  type SavedExtraPayment,
} from '../../../machines/extra-payment/extra-payment-saved-state.ts'
import { persistedSnapshots } from '../../lib/persisted-snapshot.ts'

/**
 * One saved extra payment per shopper (`snapshot:checkout:extra:customer:{id}`): another account never
 * sees it. It lives under the checkout's prefix on purpose: the session forgets every `checkout:`
 * snapshot at a logout, and fees being paid are the shopper's as much as a checkout is.
 */
export function savedExtraPaymentOf(owner: string) {
  return persistedSnapshots<SavedExtraPayment>({
    key: `checkout:extra:${owner}`,
    version: EXTRA_PAYMENT_MACHINE_VERSION,
    parse: (stored) => parseSavedExtraPayment(stored, owner),
  })
}
