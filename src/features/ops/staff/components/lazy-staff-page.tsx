import { lazy } from 'react'

// The staff room, fetched when it opens: the route table names this one chunk, not its pieces.
export const LazyOpsStaffPage = lazy(() =>
  import('./ops-staff-page.tsx').then((module) => ({ default: module.OpsStaffPage })),
)
