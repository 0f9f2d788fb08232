import { lazy } from 'react'

// The import page is a chunk of its own, fetched when an operator opens it (never in a shopper's load).
export const LazyImportProductsPage = lazy(() =>
  import('./components/import-page.tsx').then((module) => ({ default: module.ImportProductsPage })),
)
