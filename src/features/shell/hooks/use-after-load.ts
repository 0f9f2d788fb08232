import { useEffect, useState } from 'react'

/** How long after the page's load event the deferred work waits for an idle moment at most. */
const IDLE_TIMEOUT_MS = 3000

/**
 * True once the page has loaded and the browser has had an idle moment: for work the first view does
 * not need (the service worker's registration and its precache), so it never competes with it.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let cancelled = false
    const whenIdle = () => {
      const done = () => {
        if (!cancelled) setReady(true)
      }
      if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS })
      else setTimeout(done, 1)
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', whenIdle)
    }
  }, [])
  return ready
}
