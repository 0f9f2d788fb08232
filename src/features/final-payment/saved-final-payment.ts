import {
  FINAL_PAYMENT_MACHINE_VERSION,
  parseSavedFinalPayment,
  type SavedFinalPayment,
} from '../../../machines/final-payment/final-payment-saved-state.ts'
import { persistedSnapshots } from '../../lib/persisted-snapshot.ts'

/**
 * One saved final payment per shopper (`snapshot:checkout:balance:customer:{id}`): another account
 * never sees it. It lives under the checkout's prefix on purpose: the session forgets every
 * `checkout:` snapshot at a logout, and a balance awaited is the shopper's as much as a checkout is.
 */
export function savedFinalPaymentOf(owner: string) {
  return persistedSnapshots<SavedFinalPayment>({
    key: `checkout:balance:${owner}`,
    version: FINAL_PAYMENT_MACHINE_VERSION,
    parse: (stored) => parseSavedFinalPayment(stored, owner),
  })
}
