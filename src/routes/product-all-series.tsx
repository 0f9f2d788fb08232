import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { getAllSeries } from '../features/catalog/api/get-all-series.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { SeriesPage } from '../features/catalog/components/series-page.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LIST_STALE_MS } from '../features/catalog/routing/list-search.ts'

export const Route = createFileRoute('/product-all-series')({
  loaderDeps: () => ({ language: catalogDeps().language }),
  loader: ({ deps }) => getAllSeries(deps.language),
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: AllSeriesRoute,
})

function AllSeriesRoute() {
  const series = Route.useLoaderData()
  return <SeriesPage title={<Trans>全部系列</Trans>} series={series} total={series.length} />
}
