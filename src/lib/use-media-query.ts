import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now, re-rendering when it changes (false where there is no matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {}
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => typeof matchMedia === 'function' && matchMedia(query).matches)
}

/** Below Panda's `md` breakpoint (48rem): the phone layout, where the header folds into the menu. */
export const PHONE_LAYOUT = '(max-width: 47.99rem)'
