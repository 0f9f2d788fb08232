import { createFileRoute } from '@tanstack/react-router'
import { OpsOrdersPage } from '../features/ops/components/ops-orders-page.tsx'
import { opsOrdersSearch } from '../features/ops/orders-search.ts'

export const Route = createFileRoute('/ops/orders/')({
  validateSearch: opsOrdersSearch,
  component: OpsOrdersRoute,
})

function OpsOrdersRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <OpsOrdersPage search={search} onSearch={(next) => void navigate({ search: next })} />
}
