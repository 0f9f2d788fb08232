import { lazy } from 'react'

/*
 * The points page, fetched when it opens. The route table is in every first load and lists each
 * route's chunks to preload; through this it names one chunk instead of every piece of the page.
 */

export const LazyScorePage = lazy(() =>
  import('./score-page.tsx').then((module) => ({ default: module.ScorePage })),
)
