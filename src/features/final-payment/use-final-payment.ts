import type {
  FinalPaymentActor,
  FinalPaymentView,
} from '../../../machines/final-payment/final-payment.machine.ts'
import { usePayingFlow } from '../checkout/use-pay-flow.ts'
import { followSession } from './final-payment-store.ts'

/**
 * The final payment `open` finds for the signed-in customer (opened again when the shopper or `key`
 * changes) and its snapshot on every step; undefined while it is being opened or when there is none.
 */
export function useFinalPayment(
  open: ((owner: string) => Promise<FinalPaymentActor | undefined>) | null,
  key: string,
): { actor: FinalPaymentActor | undefined; snapshot: FinalPaymentView | undefined } {
  return usePayingFlow(open, key, followSession)
}
