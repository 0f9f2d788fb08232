import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LazyPackageListPage } from '../features/shipping/components/lazy-pages.tsx'
import { loadPackageList } from '../features/shipping/routing/load-packages.ts'
import { packageListSearch } from '../features/shipping/routing/package-list-search.ts'

export const Route = createFileRoute('/package/list')({
  validateSearch: packageListSearch,
  beforeLoad: ({ location }) => requireSignedIn(location),
  loaderDeps: ({ search }) => ({ search, ...catalogDeps() }),
  loader: ({ deps }) => loadPackageList(deps.search, deps.language),
  // Always stale: statuses change. Coming back from a package shows the cached page at once, scroll
  // restored, while it reloads behind it.
  staleTime: 0,
  component: PackageListRoute,
})

function PackageListRoute() {
  return <LazyPackageListPage loaded={Route.useLoaderData()} search={Route.useSearch()} />
}
