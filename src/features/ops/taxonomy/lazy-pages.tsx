import { lazy } from 'react'

// The taxonomy editors, each a chunk of its own fetched when an operator opens it.
export const LazyCategoriesPage = lazy(() =>
  import('./components/categories-page.tsx').then((module) => ({ default: module.CategoriesPage })),
)
export const LazySeriesPage = lazy(() =>
  import('./components/series-page.tsx').then((module) => ({ default: module.SeriesPage })),
)
export const LazyBrandsPage = lazy(() =>
  import('./components/brands-page.tsx').then((module) => ({ default: module.BrandsPage })),
)
