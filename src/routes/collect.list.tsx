import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LIST_PAGE_SIZE, pagedListSearch } from '../features/catalog/routing/list-search.ts'
import { getFavouriteList } from '../features/favourites/api/get-favourite-list.ts'
import { FavouriteListPage } from '../features/favourites/components/favourite-list-page.tsx'

export const Route = createFileRoute('/collect/list')({
  validateSearch: pagedListSearch,
  beforeLoad: ({ location }) => requireSignedIn(location),
  loaderDeps: ({ search }) => ({ pageNum: search.pageNum, ...catalogDeps() }),
  loader: ({ deps }) =>
    getFavouriteList({ pageNum: deps.pageNum, pageSize: LIST_PAGE_SIZE, language: deps.language }),
  // Always stale (spec §2: revisiting collect while on it reloads it): a link to this very page loads it
  // again, and coming back from a product (where its favourite may have been taken away) shows the
  // cached page at once, scroll restored, while it reloads behind it.
  staleTime: 0,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: FavouriteListRoute,
})

function FavouriteListRoute() {
  return <FavouriteListPage page={Route.useLoaderData()} />
}
