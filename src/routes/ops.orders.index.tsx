import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsOrdersPage } from '../features/ops/components/lazy-pages.tsx'
import { opsOrdersSearch } from '../features/ops/orders-search.ts'

export const Route = createFileRoute('/ops/orders/')({
  validateSearch: opsOrdersSearch,
  component: OpsOrdersRoute,
})

function OpsOrdersRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <LazyOpsOrdersPage search={search} onSearch={(next) => void navigate({ search: next })} />
}
