import { useEffect, useState } from 'react'
import type { ShippingEstimateDto } from '../../domain/packaging.ts'
import { listShippingEstimates } from './api/methods.ts'

/** Each method's estimated fee for the chosen orders (GET /mall/package_apply/methods with orderIds). */
export type MethodEstimates =
  /** No address or no orders chosen: nothing to estimate. */
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'failed' }
  /** By method id; null where the method has no estimate (see EstimatedMethodDto). */
  | { state: 'ready'; byMethod: ReadonlyMap<number, ShippingEstimateDto | null> }

/**
 * The estimates of the methods for `addressId` and the chosen orders, read again whenever either
 * changes. The packaging flow reads the methods themselves; this only adds the estimate to each, so a
 * failure here never keeps the shopper from choosing a method or applying.
 */
export function useMethodEstimates(addressId: number | null, orderIds: readonly number[]): MethodEstimates {
  const chosen = [...orderIds].sort((a, b) => a - b).join(',')
  const [estimates, setEstimates] = useState<MethodEstimates>({ state: 'none' })
  useEffect(() => {
    if (addressId === null || chosen === '') {
      setEstimates({ state: 'none' })
      return
    }
    let live = true
    setEstimates({ state: 'loading' })
    // Quiet: the method list says the estimate failed rather than a toast.
    listShippingEstimates(
      { addressId, orderIds: chosen.split(',').map(Number) },
      { systemNotify: false },
    ).then(
      (methods) => {
        if (live) {
          setEstimates({
            state: 'ready',
            byMethod: new Map(methods.map((method) => [method.methodId, method.estimate])),
          })
        }
      },
      () => {
        if (live) setEstimates({ state: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [addressId, chosen])
  return estimates
}
