import { lazy } from 'react'

/* The products room's pages, fetched when one opens (see ../../components/lazy-pages.tsx). */

export const LazyProductsListPage = lazy(() =>
  import('./products-list-page.tsx').then((module) => ({ default: module.ProductsListPage })),
)
export const LazyProductEditorPage = lazy(() =>
  import('./product-editor-page.tsx').then((module) => ({ default: module.ProductEditorPage })),
)
