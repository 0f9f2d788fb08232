import { lazy } from 'react'

/*
 * The extra fees' pages, fetched when one opens. The route table is in every first load and lists each
 * route's chunks to preload; through these it names one chunk per page instead of every piece of the
 * fee list, the extra-payment flow and its machine.
 */

export const LazyExtraPage = lazy(() =>
  import('./extra-page.tsx').then((module) => ({ default: module.ExtraPage })),
)
/** The extra payment's result, inside the shared payment result page (`/extra-success`). */
export const LazyExtraResult = lazy(() => import('./extra-result.tsx'))
