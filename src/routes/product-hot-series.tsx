import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { getHotSeriesPage } from '../features/catalog/api/get-hot-series-page.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { SeriesPage } from '../features/catalog/components/series-page.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { hotSeriesSearch, LIST_PAGE_SIZE, LIST_STALE_MS } from '../features/catalog/routing/list-search.ts'

export const Route = createFileRoute('/product-hot-series')({
  validateSearch: hotSeriesSearch,
  loaderDeps: ({ search }) => ({ page: search.page, language: catalogDeps().language }),
  loader: ({ deps }) =>
    getHotSeriesPage({ pageNum: deps.page, pageSize: LIST_PAGE_SIZE, language: deps.language }),
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: HotSeriesRoute,
})

function HotSeriesRoute() {
  const { list, total, pageNum, pageSize } = Route.useLoaderData()
  return (
    <SeriesPage
      title={<Trans>热门系列</Trans>}
      series={list}
      total={total}
      paging={{ pageNum, pageCount: Math.max(1, Math.ceil(total / Math.max(1, pageSize))) }}
    />
  )
}
