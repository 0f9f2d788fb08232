import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsCustomersPage } from '../features/ops/customers/components/lazy-pages.tsx'
import { opsCustomersSearch } from '../features/ops/customers/customers-search.ts'

export const Route = createFileRoute('/ops/customers/')({
  validateSearch: opsCustomersSearch,
  component: OpsCustomersRoute,
})

function OpsCustomersRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <LazyOpsCustomersPage search={search} onSearch={(next) => void navigate({ search: next })} />
}
