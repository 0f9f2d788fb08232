import { useCallback, useEffect, useRef, useState } from 'react'

/** How long the stepper waits after the shopper's last step before the cart is told. */
export const AMOUNT_SETTLE_MS = 400

/**
 * A quantity the shopper is still adjusting: shown at once, handed to `commit` only once they stop
 * (no step for `AMOUNT_SETTLE_MS`), so three quick taps on + make one change, not three. A change
 * still waiting when the line goes away (the page is left) is handed over then.
 */
export function useSettledAmount(amount: number, commit: (amount: number) => void) {
  const [draft, setDraft] = useState<number | null>(null)
  const waiting = useRef<number | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latestCommit = useRef(commit)
  useEffect(() => {
    latestCommit.current = commit
  })

  const settle = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    const next = waiting.current
    waiting.current = null
    if (next !== null) latestCommit.current(next)
    setDraft(null)
  }, [])

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      if (waiting.current !== null) latestCommit.current(waiting.current)
      waiting.current = null
    },
    [],
  )

  const change = useCallback(
    (next: number) => {
      waiting.current = next
      setDraft(next)
      clearTimeout(timer.current)
      timer.current = setTimeout(settle, AMOUNT_SETTLE_MS)
    },
    [settle],
  )

  return { value: draft ?? amount, change }
}
