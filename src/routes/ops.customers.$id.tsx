import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsCustomerDetailPage } from '../features/ops/customers/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/customers/$id')({
  component: OpsCustomerRoute,
})

function OpsCustomerRoute() {
  const { id } = Route.useParams()
  return <LazyOpsCustomerDetailPage key={id} id={id} />
}
