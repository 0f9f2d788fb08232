import { createFileRoute } from '@tanstack/react-router'
import { ProductDetailPage } from '../features/catalog/components/product-detail-page.tsx'
import { productDetailRoute } from '../features/catalog/routing/product-detail-route.ts'

export const Route = createFileRoute('/product-best/product/$id')({
  ...productDetailRoute,
  component: ProductRoute,
})

function ProductRoute() {
  return <ProductDetailPage product={Route.useLoaderData()} />
}
