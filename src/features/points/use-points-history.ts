import { useEffect, useState } from 'react'
import type { PointsRecordDto } from '../../domain/points.ts'
import type { Page } from '../../domain/queries.ts'
import { listPoints } from './api/list-points.ts'

/** Rows one page of the history shows. */
export const POINTS_PAGE_SIZE = 20

export type PointsHistory =
  | { state: 'loading'; page: Page<PointsRecordDto> | null }
  | { state: 'failed'; page: Page<PointsRecordDto> | null }
  | { state: 'ready'; page: Page<PointsRecordDto> }

/**
 * One page of the shopper's points history, read again when the page number changes or `retry` asks.
 * The page on screen stays while the next loads.
 */
export function usePointsHistory(pageNum: number): { history: PointsHistory; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [history, setHistory] = useState<PointsHistory>({ state: 'loading', page: null })
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for the same page again
  useEffect(() => {
    let live = true
    setHistory((shown) => ({ state: 'loading', page: shown.page }))
    // Quiet: the page shows a failure with its retry rather than a toast.
    listPoints({ pageNum, pageSize: POINTS_PAGE_SIZE }, { systemNotify: false }).then(
      (page) => {
        if (live) setHistory({ state: 'ready', page })
      },
      () => {
        if (live) setHistory((shown) => ({ state: 'failed', page: shown.page }))
      },
    )
    return () => {
      live = false
    }
  }, [pageNum, attempt])
  return { history, retry: () => setAttempt((n) => n + 1) }
}
