import type {
  ExtraPaymentActor,
  ExtraPaymentView,
} from '../../../../machines/extra-payment/extra-payment.machine.ts'
import { usePayingFlow } from '../../checkout/use-pay-flow.ts'
import { followSession } from '../extra-payment-store.ts'

/**
 * The extra payment `open` finds for the signed-in customer (opened again when the shopper or `key`
 * changes) and its snapshot on every step; undefined while it is being opened or when there is none.
 */
export function useExtraPayment(
  open: ((owner: string) => Promise<ExtraPaymentActor | undefined>) | null,
  key: string,
): { actor: ExtraPaymentActor | undefined; snapshot: ExtraPaymentView | undefined } {
  return usePayingFlow(open, key, followSession)
}
