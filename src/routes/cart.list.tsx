import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { CartPage } from '../features/cart/components/cart-page.tsx'
import { CartPageSkeleton } from '../features/cart/components/cart-page-skeleton.tsx'

// No loader: the cart comes from the cart's own store (offline queue), read by the page.
export const Route = createFileRoute('/cart/list')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: CartPageSkeleton,
  component: CartPage,
})
