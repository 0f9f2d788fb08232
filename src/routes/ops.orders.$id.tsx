import { createFileRoute } from '@tanstack/react-router'
import { OrderNotFound } from '../features/ops/components/load-state.tsx'
import { OpsOrderDetailPage } from '../features/ops/components/ops-order-detail-page.tsx'

export const Route = createFileRoute('/ops/orders/$id')({
  component: OpsOrderRoute,
})

function OpsOrderRoute() {
  const { id } = Route.useParams()
  // An id that cannot be an order's reads as one that does not exist.
  if (!/^\d{1,9}$/.test(id) || Number(id) < 1) return <OrderNotFound />
  return <OpsOrderDetailPage key={id} orderId={Number(id)} />
}
