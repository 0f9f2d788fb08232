import { lazy } from 'react'

/**
 * The result pages' component, fetched when one of them opens. The route table is in every first
 * load and lists each route's chunks to preload; behind the result page stand both payment flows
 * (checkout and final payment) and their machines, so the route table names this one chunk instead
 * of all of theirs.
 */
export const LazyPaymentResultPage = lazy(() =>
  import('./payment-result-page.tsx').then((module) => ({ default: module.PaymentResultPage })),
)
