import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { getHistoryList } from '../features/catalog/api/get-history-list.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { HistoryListPage } from '../features/catalog/components/history-list-page.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LIST_PAGE_SIZE, LIST_STALE_MS, pagedListSearch } from '../features/catalog/routing/list-search.ts'

export const Route = createFileRoute('/product-history/list')({
  validateSearch: pagedListSearch,
  beforeLoad: ({ location }) => requireSignedIn(location),
  loaderDeps: ({ search }) => ({ pageNum: search.pageNum, ...catalogDeps() }),
  loader: ({ deps }) =>
    getHistoryList({ pageNum: deps.pageNum, pageSize: LIST_PAGE_SIZE, language: deps.language }),
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: HistoryListRoute,
})

function HistoryListRoute() {
  return <HistoryListPage page={Route.useLoaderData()} />
}
