import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { ProductDetailPage } from '../features/catalog/components/product-detail-page.tsx'
import { productDetailRoute } from '../features/catalog/routing/product-detail-route.ts'

export const Route = createFileRoute('/cart/product/$id')({
  ...productDetailRoute,
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: ProductRoute,
})

function ProductRoute() {
  return <ProductDetailPage product={Route.useLoaderData()} />
}
