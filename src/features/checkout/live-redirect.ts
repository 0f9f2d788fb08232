import { useEffect, useRef } from 'react'
import type { PayAnswer } from '../../domain/payments.ts'
import { flushSnapshotWrites } from '../../lib/persisted-snapshot.ts'
import { goToGateway } from './go-to-gateway.ts'

/** What a paying flow's snapshot shows of its way to the gateway (checkout, final payment). */
export interface GatewayBound {
  matches(state: 'paying' | 'redirecting'): boolean
  context: { payment: PayAnswer | null }
}

/** Payments whose pay call this page saw answered: on the way to the gateway, not back from it. */
const sentToGateway = new Set<string>()

/** Whether this page sent the shopper to this payment's gateway page (so it is not offered again). */
export function wasSentToGateway(paymentId: string): boolean {
  return sentToGateway.has(paymentId)
}

/**
 * Off to the gateway once this tab's pay call is answered (paying → redirecting), after the flow's
 * snapshot is on disk, so the return page finds it. A flow restored in `redirecting` (the shopper came
 * back with the browser's Back) is not sent off again: the panel offers to continue instead.
 */
export function useLiveRedirect(snapshot: GatewayBound | undefined): void {
  const previous = useRef<GatewayBound | undefined>(undefined)
  useEffect(() => {
    const before = previous.current
    previous.current = snapshot
    const url = snapshot?.context.payment?.redirectUrl
    if (!snapshot || !url || !before?.matches('paying') || !snapshot.matches('redirecting')) return
    if (snapshot.context.payment) sentToGateway.add(snapshot.context.payment.paymentId)
    void flushSnapshotWrites().then(() => goToGateway(url))
  }, [snapshot])
}
