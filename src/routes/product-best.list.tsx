import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { getBestListPage } from '../features/catalog/api/get-best-list-page.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductListPage } from '../features/catalog/components/product-list-page.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LIST_PAGE_SIZE, LIST_STALE_MS, pagedListSearch } from '../features/catalog/routing/list-search.ts'

export const Route = createFileRoute('/product-best/list')({
  validateSearch: pagedListSearch,
  loaderDeps: ({ search }) => ({ pageNum: search.pageNum, ...catalogDeps() }),
  loader: ({ deps }) =>
    getBestListPage({ pageNum: deps.pageNum, pageSize: LIST_PAGE_SIZE, language: deps.language }),
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: BestListRoute,
})

function BestListRoute() {
  return (
    <ProductListPage
      title={<Trans>畅销商品</Trans>}
      page={Route.useLoaderData()}
      basePath="/product-best/product"
    />
  )
}
