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

/**
 * Below Panda's `lg` breakpoint (64rem, 1024 px): the phone layout, where the header folds into the
 * menu. The desktop header needs 1024 px to keep its search input 240 px wide beside the dropdowns
 * and a signed-in shopper's links in every language.
 */
export const PHONE_LAYOUT = '(max-width: 63.99rem)'
