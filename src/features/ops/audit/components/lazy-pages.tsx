import { lazy } from 'react'

// The room's pages, fetched when one opens: the route table names these chunks, not their pieces.
export const LazyOpsAuditPage = lazy(() =>
  import('./ops-audit-page.tsx').then((module) => ({ default: module.OpsAuditPage })),
)
