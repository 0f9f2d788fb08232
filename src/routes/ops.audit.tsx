import { createFileRoute } from '@tanstack/react-router'
import { opsAuditSearch } from '../features/ops/audit/audit-search.ts'
import { LazyOpsAuditPage } from '../features/ops/audit/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/audit')({
  validateSearch: opsAuditSearch,
  component: OpsAuditRoute,
})

function OpsAuditRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <LazyOpsAuditPage search={search} onSearch={(next) => void navigate({ search: next })} />
}
