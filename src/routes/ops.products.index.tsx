import { createFileRoute } from '@tanstack/react-router'
import { LazyProductsListPage } from '../features/ops/products/components/lazy-pages.tsx'
import { opsProductsSearch } from '../features/ops/products/products-search.ts'

export const Route = createFileRoute('/ops/products/')({
  validateSearch: opsProductsSearch,
  component: OpsProductsRoute,
})

function OpsProductsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <LazyProductsListPage search={search} onSearch={(next) => void navigate({ search: next })} />
}
