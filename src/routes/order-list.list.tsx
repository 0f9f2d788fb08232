import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { OrderListPage } from '../features/orders/components/order-list-page.tsx'
import { OrderListPending } from '../features/orders/components/order-list-pending.tsx'
import { OrderLoadError } from '../features/orders/components/order-load-error.tsx'
import { loadOrderList } from '../features/orders/routing/load-orders.ts'
import { orderListSearch } from '../features/orders/routing/order-list-search.ts'

export const Route = createFileRoute('/order-list/list')({
  validateSearch: orderListSearch,
  beforeLoad: ({ location }) => requireSignedIn(location),
  loaderDeps: ({ search }) => ({ search, ...catalogDeps() }),
  loader: ({ deps }) => loadOrderList(deps.search, deps.language),
  // Always stale: statuses change. Coming back from an order shows the cached page at once, scroll
  // restored, while it reloads behind it.
  staleTime: 0,
  pendingComponent: OrderListPending,
  errorComponent: OrderLoadError,
  component: OrderListRoute,
})

function OrderListRoute() {
  return <OrderListPage data={Route.useLoaderData()} search={Route.useSearch()} />
}
