import { useEffect } from 'react'

/** Names the browser tab (and the history entry) after what the page shows; restored on leaving. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title
    document.title = `${title} - Yoyaku`
    return () => {
      document.title = previous
    }
  }, [title])
}
