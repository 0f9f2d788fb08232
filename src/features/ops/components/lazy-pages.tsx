import { lazy } from 'react'

/*
 * The console's pages, fetched when one opens. The route table is in every shopper's first load and
 * lists each route's chunks to preload; through these it names one chunk per console page instead of
 * every piece of the console.
 */

export const LazyOpsArrivalsPage = lazy(() =>
  import('./ops-arrivals-page.tsx').then((module) => ({ default: module.OpsArrivalsPage })),
)
export const LazyOpsExtraFeesPage = lazy(() =>
  import('./ops-extra-fees-page.tsx').then((module) => ({ default: module.OpsExtraFeesPage })),
)
export const LazyOpsOrderDetailPage = lazy(() =>
  import('./ops-order-detail-page.tsx').then((module) => ({ default: module.OpsOrderDetailPage })),
)
export const LazyOpsOrdersPage = lazy(() =>
  import('./ops-orders-page.tsx').then((module) => ({ default: module.OpsOrdersPage })),
)
export const LazyOpsPackagesPage = lazy(() =>
  import('./ops-packages-page.tsx').then((module) => ({ default: module.OpsPackagesPage })),
)
export const LazyOpsPackingDetailPage = lazy(() =>
  import('./ops-packing-detail-page.tsx').then((module) => ({ default: module.OpsPackingDetailPage })),
)
export const LazyOpsPackingPage = lazy(() =>
  import('./ops-packing-page.tsx').then((module) => ({ default: module.OpsPackingPage })),
)
export const LazyShippingMethodsPage = lazy(() =>
  import('./shipping-methods-page.tsx').then((module) => ({ default: module.ShippingMethodsPage })),
)
