import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LazyPackageDetailPage } from '../features/shipping/components/lazy-pages.tsx'
import { loadPackageDetail } from '../features/shipping/routing/load-packages.ts'

export const Route = createFileRoute('/package/product/$applyId/$boxId')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  loaderDeps: () => catalogDeps(),
  loader: ({ params, deps }) => loadPackageDetail(params.applyId, params.boxId, deps.language),
  // A package changes with its fee and its shipping: read it afresh on each visit.
  staleTime: 0,
  component: PackageRoute,
})

function PackageRoute() {
  return <LazyPackageDetailPage loaded={Route.useLoaderData()} />
}
