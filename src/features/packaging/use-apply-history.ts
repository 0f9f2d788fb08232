import { useEffect, useState } from 'react'
import type { PackageApplyDto } from '../../domain/packaging.ts'
import type { Page } from '../../domain/queries.ts'
import { useLanguage } from '../../lib/use-language.ts'
import { listPackageApplies } from './api/list-applies.ts'

/** Applications one page of the history shows. */
export const HISTORY_PAGE_SIZE = 10

export type ApplyHistory =
  | { state: 'loading'; page: Page<PackageApplyDto> | null }
  | { state: 'failed'; page: Page<PackageApplyDto> | null }
  | { state: 'ready'; page: Page<PackageApplyDto> }

/**
 * One page of the shopper's packaging applications in the shown language, read again when the page
 * number or the language changes, or when `retry` asks. The page on screen stays while the next loads.
 */
export function useApplyHistory(pageNum: number): { history: ApplyHistory; retry: () => void } {
  const language = useLanguage()
  const [attempt, setAttempt] = useState(0)
  const [history, setHistory] = useState<ApplyHistory>({ state: 'loading', page: null })
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for the same page again
  useEffect(() => {
    let live = true
    setHistory((shown) => ({ state: 'loading', page: shown.page }))
    // Quiet: the page shows a failure with its retry rather than a toast.
    listPackageApplies({ pageNum, pageSize: HISTORY_PAGE_SIZE, language }, { systemNotify: false }).then(
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
  }, [pageNum, language, attempt])
  return { history, retry: () => setAttempt((n) => n + 1) }
}
