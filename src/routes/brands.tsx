import { createFileRoute } from '@tanstack/react-router'
import { BrandDirectoryPage } from '../features/brands/components/brand-directory-page.tsx'
import { getBrandList } from '../features/catalog/api/get-brand-list.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LIST_STALE_MS } from '../features/catalog/routing/list-search.ts'

// The directory's code and texts come with the page (its component's chunk, the "messages" texts).
export const Route = createFileRoute('/brands')({
  loaderDeps: () => ({ language: catalogDeps().language }),
  loader: ({ deps }) => getBrandList(deps.language),
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: BrandsRoute,
})

function BrandsRoute() {
  return <BrandDirectoryPage brands={Route.useLoaderData()} />
}
