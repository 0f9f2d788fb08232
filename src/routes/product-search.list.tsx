import { createFileRoute } from '@tanstack/react-router'
import { getAllSeries } from '../features/catalog/api/get-all-series.ts'
import { getBrandList } from '../features/catalog/api/get-brand-list.ts'
import { searchProducts } from '../features/catalog/api/search-products.ts'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { SearchError } from '../features/catalog/components/search-error.tsx'
import { SearchResultsPage } from '../features/catalog/components/search-results-page.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import {
  LIST_PAGE_SIZE,
  LIST_STALE_MS,
  productSearchSearch,
} from '../features/catalog/routing/list-search.ts'

export const Route = createFileRoute('/product-search/list')({
  validateSearch: productSearchSearch,
  loaderDeps: ({ search }) => ({ ...search, ...catalogDeps() }),
  loader: async ({ deps }) => {
    const [page, series, brand] = await Promise.all([
      searchProducts({
        pageNum: deps.pageNum,
        pageSize: LIST_PAGE_SIZE,
        language: deps.language,
        category: deps.category,
        series: deps.series,
        brandId: deps.brandId,
        keywords: deps.name,
        type: deps.type,
      }),
      // Only to name the series filter; without it the filter shows its id.
      deps.series === undefined
        ? undefined
        : getAllSeries(deps.language).then(
            (all) => all.find((entry) => entry.id === deps.series),
            () => undefined,
          ),
      // The same for the brand filter.
      deps.brandId === undefined
        ? undefined
        : getBrandList(deps.language).then(
            (all) => all.find((entry) => entry.id === deps.brandId),
            () => undefined,
          ),
    ])
    return { page, series, brand }
  },
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: SearchError,
  component: SearchRoute,
})

function SearchRoute() {
  const { page, series, brand } = Route.useLoaderData()
  const { pageNum: _pageNum, ...filters } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SearchResultsPage
      page={page}
      filters={filters}
      series={series}
      brand={brand}
      // A new filter starts again at the first page.
      onFiltersChange={(next) => void navigate({ search: { ...next, pageNum: 1 } })}
    />
  )
}
