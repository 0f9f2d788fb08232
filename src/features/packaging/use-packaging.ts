import type { PackagingActor, PackagingSnapshot } from '../../../machines/packaging/packaging.machine.ts'
import { usePayFlow } from '../checkout/use-pay-flow.ts'
import { followSession, packagingFor } from './packaging-store.ts'

/**
 * The signed-in customer's packaging request and its snapshot on every step; undefined while it is
 * being opened (or for someone who is not a customer).
 */
export function usePackaging(): {
  actor: PackagingActor | undefined
  snapshot: PackagingSnapshot | undefined
} {
  return usePayFlow(packagingFor, 'packaging', followSession)
}
