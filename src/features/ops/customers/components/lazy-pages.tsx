import { lazy } from 'react'

// The room's pages, fetched when one opens: the route table names these chunks, not their pieces.
export const LazyOpsCustomersPage = lazy(() =>
  import('./ops-customers-page.tsx').then((module) => ({ default: module.OpsCustomersPage })),
)
export const LazyOpsCustomerDetailPage = lazy(() =>
  import('./ops-customer-detail-page.tsx').then((module) => ({ default: module.OpsCustomerDetailPage })),
)
