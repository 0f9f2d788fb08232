import { type ComponentProps, lazy, Suspense } from 'react'
import type { OfflinePage } from './offline-page.tsx'

// The offline page is only ever needed offline: its code stays out of the first load and comes from
// the service worker's precache when it is.
const OfflinePageCode = lazy(() =>
  import('./offline-page.tsx').then((module) => ({ default: module.OfflinePage })),
)

/** The offline page, for error views that are part of the first load. */
export function LazyOfflinePage(props: ComponentProps<typeof OfflinePage>) {
  return (
    <Suspense>
      <OfflinePageCode {...props} />
    </Suspense>
  )
}
