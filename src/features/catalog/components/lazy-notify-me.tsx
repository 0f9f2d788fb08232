import { lazy, Suspense } from 'react'
import { isStockedType } from '../../../domain/cart.ts'
import type { ProductDetailDto } from '../../../domain/catalog.ts'

// Loaded only where a product cannot be ordered: declared here, among the pieces every page has loaded
// (vite.config.ts 'catalog-ui'), so the product page's own chunk carries no loader for it.
const NotifyMeButton = lazy(() => import('../../alerts/components/notify-me-button.tsx'))

/**
 * "Notify me" on a product the shop would not take an order for now, as the cart judges (off sale,
 * or goods in hand with none in stock); nothing otherwise.
 */
export function NotifyMeWhenUnavailable({ product }: { product: ProductDetailDto }) {
  if (product.available && (!isStockedType(product.type) || product.stock > 0)) return null
  return (
    <Suspense fallback={null}>
      <NotifyMeButton productId={product.id} />
    </Suspense>
  )
}
