import type {
  ShippingFeeActor,
  ShippingFeeView,
} from '../../../machines/shipping-fee/shipping-fee.machine.ts'
import { usePayingFlow } from '../checkout/use-pay-flow.ts'
import { followSession } from './shipping-fee-store.ts'

/**
 * The shipping fee `open` finds for the signed-in customer (opened again when the shopper or `key`
 * changes) and its snapshot on every step; undefined while it is being opened or when there is none.
 */
export function useShippingFee(
  open: ((owner: string) => Promise<ShippingFeeActor | undefined>) | null,
  key: string,
): { actor: ShippingFeeActor | undefined; snapshot: ShippingFeeView | undefined } {
  return usePayingFlow(open, key, followSession)
}
