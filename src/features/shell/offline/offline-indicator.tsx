import { lazy, Suspense } from 'react'
import { useOnline } from './use-online.ts'

// Only ever shown offline: its code travels with the offline page, in the precached shell.
const OfflineBadge = lazy(() =>
  import('./offline-badge.tsx').then((module) => ({ default: module.OfflineBadge })),
)

/**
 * Says the shop is offline while it is, and which pages open meanwhile. The live region is always
 * there (empty when online), so screen readers announce the change.
 */
export function OfflineIndicator() {
  const online = useOnline()
  return (
    <div role="status" data-testid="offline-indicator">
      {online ? null : (
        <Suspense>
          <OfflineBadge />
        </Suspense>
      )}
    </div>
  )
}
