import { useCallback, useEffect, useRef, useState } from 'react'

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  /** `refreshing`: the same thing is being read again (after an action); what is shown stays. */
  | { state: 'ready'; data: T; refreshing: boolean }

/**
 * Loads what `key` names and reloads it on demand. A new key starts from "loading"; `reload()` keeps
 * the data on screen while it asks again, so a page does not flash after an action. An answer for a
 * key no longer wanted is dropped.
 */
export function useLoaded<T>(key: string, load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const shownKey = useRef<string | undefined>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    let wanted = true
    const sameThing = shownKey.current === key
    shownKey.current = key
    setLoaded((current) =>
      sameThing && current.state === 'ready' ? { ...current, refreshing: true } : { state: 'loading' },
    )
    loadRef.current().then(
      (data) => {
        if (wanted) setLoaded({ state: 'ready', data, refreshing: false })
      },
      (error: unknown) => {
        if (wanted) setLoaded({ state: 'failed', error })
      },
    )
    return () => {
      wanted = false
    }
  }, [key, attempt])

  const reload = useCallback(() => setAttempt((count) => count + 1), [])
  return { loaded, reload }
}
