import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { getDiscountListPage } from '../features/catalog/api/get-discount-list-page.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductListPage } from '../features/catalog/components/product-list-page.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LIST_PAGE_SIZE, LIST_STALE_MS, pagedListSearch } from '../features/catalog/routing/list-search.ts'

export const Route = createFileRoute('/product-discount/list')({
  validateSearch: pagedListSearch,
  loaderDeps: ({ search }) => ({ pageNum: search.pageNum, ...catalogDeps() }),
  loader: ({ deps }) =>
    getDiscountListPage({ pageNum: deps.pageNum, pageSize: LIST_PAGE_SIZE, language: deps.language }),
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: DiscountListRoute,
})

function DiscountListRoute() {
  return (
    <ProductListPage
      title={<Trans>折扣商品</Trans>}
      page={Route.useLoaderData()}
      basePath="/product-discount/product"
    />
  )
}
