import { lazyFn, lazyRouteComponent } from '@tanstack/react-router'
import { CatalogLoadError } from '../components/catalog-load-error.tsx'
import { ProductDetailPending } from '../components/product-detail-pending.tsx'
import { catalogDeps } from './catalog-deps.ts'

/** The product page's loader and not-found view: one chunk for every route that shows a product. */
const productPage = () => import('./product-detail-lazy.ts')

/**
 * What every route showing a product shares (/product/$id and each list's product page): the route
 * file adds its own component (and guard), so the route config, which every first load carries, holds
 * one lazy reference per route instead of three.
 */
export const productDetailRoute = {
  loaderDeps: () => catalogDeps(),
  loader: lazyFn(productPage, 'loadProductPage'),
  pendingComponent: ProductDetailPending,
  // in the first load already (the catalog's chunk)
  errorComponent: CatalogLoadError,
  notFoundComponent: lazyRouteComponent(productPage, 'ProductNotFound'),
}
