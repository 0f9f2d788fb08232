import { useEffect, useState } from 'react'
import type { ExtraFeeStatus } from '../../../domain/extra-fee.ts'
import type { ExtraFeeDto } from '../../../domain/extras.ts'
import type { Page } from '../../../domain/queries.ts'
import { listExtraFees } from '../api/list-extra-fees.ts'

/** Fees one page of the past fees shows. */
export const PAST_PAGE_SIZE = 10

export type PastFees =
  | { state: 'loading'; page: Page<ExtraFeeDto> | null }
  | { state: 'failed'; page: Page<ExtraFeeDto> | null }
  | { state: 'ready'; page: Page<ExtraFeeDto> }

/**
 * One page of the shopper's fees in one past status (paid, refunded, void or waived), read again when
 * the status or the page changes, when `retry` asks or when `freshness` changes (a payment settled).
 * The page on screen stays while the next loads.
 */
export function usePastFees(
  status: ExtraFeeStatus,
  pageNum: number,
  freshness: unknown,
): { fees: PastFees; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [fees, setFees] = useState<PastFees>({ state: 'loading', page: null })
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt and freshness ask for the same page again
  useEffect(() => {
    let live = true
    setFees((shown) => ({ state: 'loading', page: shown.page }))
    listExtraFees({ pageNum, pageSize: PAST_PAGE_SIZE, status }).then(
      (page) => {
        if (live) setFees({ state: 'ready', page })
      },
      () => {
        if (live) setFees((shown) => ({ state: 'failed', page: shown.page }))
      },
    )
    return () => {
      live = false
    }
  }, [status, pageNum, attempt, freshness])
  return { fees, retry: () => setAttempt((n) => n + 1) }
}
