import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsOrderDetailPage } from '../features/ops/components/lazy-pages.tsx'
import { OrderNotFound } from '../features/ops/components/load-state.tsx'

export const Route = createFileRoute('/ops/orders/$id')({
  component: OpsOrderRoute,
})

function OpsOrderRoute() {
  const { id } = Route.useParams()
  // An id that cannot be an order's reads as one that does not exist.
  if (!/^\d{1,9}$/.test(id) || Number(id) < 1) return <OrderNotFound />
  return <LazyOpsOrderDetailPage key={id} orderId={Number(id)} />
}
