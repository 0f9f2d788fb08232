import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { LazyShippingPage } from '../features/shipping/components/lazy-pages.tsx'
import { shippingSearch } from '../features/shipping/routing/package-list-search.ts'

export const Route = createFileRoute('/shipping')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  validateSearch: shippingSearch,
  component: ShippingRoute,
})

function ShippingRoute() {
  const { packageId, applyId } = Route.useSearch()
  return <LazyShippingPage packageId={packageId} applyId={applyId} />
}
