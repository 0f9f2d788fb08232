import { useEffect, useState } from 'react'
import type { ShippingMethodAdminDto } from '../../domain/shipping-editor.ts'
import { getShippingMethods } from './api/shipping-methods.ts'

/**
 * The shipping methods by id, for naming a request's preferred method and presetting a package's
 * carrier. A failure leaves the map empty: the pages then show the id, and nothing else depends on it.
 */
export function useMethodIndex(): ReadonlyMap<number, ShippingMethodAdminDto> {
  const [index, setIndex] = useState<ReadonlyMap<number, ShippingMethodAdminDto>>(() => new Map())
  useEffect(() => {
    let wanted = true
    getShippingMethods().then(
      (answer) => {
        if (wanted) setIndex(new Map(answer.methods.map((method) => [method.id, method])))
      },
      () => undefined,
    )
    return () => {
      wanted = false
    }
  }, [])
  return index
}
