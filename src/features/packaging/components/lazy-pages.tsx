import { lazy } from 'react'

/*
 * The packaging pages, fetched when one opens. The route table is in every first load and lists each
 * route's chunks to preload; through these it names one chunk per page instead of every piece of the
 * packaging flow (its machine, the address and order views it shares).
 */

export const LazyPackagingPage = lazy(() =>
  import('./packaging-page.tsx').then((module) => ({ default: module.PackagingPage })),
)
export const LazyPackageApplySuccessPage = lazy(() =>
  import('./package-apply-success-page.tsx').then((module) => ({ default: module.PackageApplySuccessPage })),
)
export const LazyApplyPackagingPage = lazy(() =>
  import('./apply-packaging-page.tsx').then((module) => ({ default: module.ApplyPackagingPage })),
)
