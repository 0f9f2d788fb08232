import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsPackingDetailPage } from '../features/ops/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/packing/$id')({
  component: OpsPackingRoute,
})

function OpsPackingRoute() {
  const { id } = Route.useParams()
  return <LazyOpsPackingDetailPage key={id} applyId={id} />
}
