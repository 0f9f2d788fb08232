import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { OrderDetailPage } from '../features/orders/components/order-detail-page.tsx'
import { OrderDetailPending } from '../features/orders/components/order-list-pending.tsx'
import { OrderLoadError } from '../features/orders/components/order-load-error.tsx'
import { OrderNotFound } from '../features/orders/components/order-not-found.tsx'
import { loadOrderDetail } from '../features/orders/routing/load-orders.ts'

export const Route = createFileRoute('/order/$id')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  loaderDeps: () => catalogDeps(),
  loader: ({ params, deps }) => loadOrderDetail(params.id, deps.language),
  // An order changes with every payment: read it afresh on each visit.
  staleTime: 0,
  pendingComponent: OrderDetailPending,
  errorComponent: OrderLoadError,
  notFoundComponent: OrderNotFound,
  component: OrderRoute,
})

function OrderRoute() {
  return <OrderDetailPage order={Route.useLoaderData()} />
}
