import { useEffect, useState } from 'react'
import type { PayLatchDto } from '../../domain/payments.ts'
import { payLatch } from './api/pay-latch.ts'

export type Latch = { kind: 'loading' } | { kind: 'known'; latch: PayLatchDto } | { kind: 'unknown' }

/**
 * Whether payments are open. Unreadable, it counts as open: the pay call says so itself when they
 * are not, and a shopper who is offline is told that instead.
 */
export function usePayLatch(): Latch {
  const [latch, setLatch] = useState<Latch>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    payLatch({ systemNotify: false }).then(
      (answer) => {
        if (live) setLatch({ kind: 'known', latch: answer })
      },
      () => {
        if (live) setLatch({ kind: 'unknown' })
      },
    )
    return () => {
      live = false
    }
  }, [])
  return latch
}

/**
 * Whether the latch keeps a pay panel closed (as read, or as the flow's pay call was answered) and the
 * operator's words for it, when read.
 */
export function latchClosure(latch: Latch, payRefusedAsClosed: boolean) {
  return {
    closed: (latch.kind === 'known' && !latch.latch.open) || payRefusedAsClosed,
    message: latch.kind === 'known' ? latch.latch.message : null,
  }
}
