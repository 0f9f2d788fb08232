import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductDetailPage } from '../features/catalog/components/product-detail-page.tsx'
import { ProductDetailPending } from '../features/catalog/components/product-detail-pending.tsx'
import { ProductNotFound } from '../features/catalog/components/product-not-found.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { loadProductDetail } from '../features/catalog/routing/load-product-detail.ts'

export const Route = createFileRoute('/order-list/product/$id')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  loaderDeps: () => catalogDeps(),
  loader: ({ params, deps }) => loadProductDetail(params.id, deps.language),
  pendingComponent: ProductDetailPending,
  errorComponent: CatalogLoadError,
  notFoundComponent: ProductNotFound,
  component: ProductRoute,
})

function ProductRoute() {
  return <ProductDetailPage product={Route.useLoaderData()} />
}
