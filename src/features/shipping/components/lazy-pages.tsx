import { lazy } from 'react'

/*
 * The shipping pages, fetched when one opens. The route table is in every first load and lists each
 * route's chunks to preload; through these it names one chunk per page instead of every piece of the
 * package list, the package page, the shipping-fee flow and its machine.
 */

export const LazyPackageListPage = lazy(() =>
  import('./package-list-page.tsx').then((module) => ({ default: module.PackageListPage })),
)
export const LazyPackageDetailPage = lazy(() =>
  import('./package-detail-page.tsx').then((module) => ({ default: module.PackageDetailPage })),
)
export const LazyShippingPage = lazy(() =>
  import('./shipping-page.tsx').then((module) => ({ default: module.ShippingPage })),
)
/** The shipping fee's result, inside the shared payment result page (`/express-success`). */
export const LazyShippingResult = lazy(() => import('./shipping-result.tsx'))
