import { lazy } from 'react'

// The room's pages, fetched when one opens: the route table names these chunks, not their pieces.
export const LazyOpsContentPage = lazy(() =>
  import('./ops-content-page.tsx').then((module) => ({ default: module.OpsContentPage })),
)
