import { createFileRoute } from '@tanstack/react-router'
import { CalendarPage } from '../features/calendar/components/calendar-page.tsx'
import { calendarSearch } from '../features/calendar/routing/calendar-search.ts'
import { loadCalendar } from '../features/calendar/routing/load-calendar.ts'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { ProductListPending } from '../features/catalog/components/product-list-pending.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { LIST_STALE_MS } from '../features/catalog/routing/list-search.ts'

// The page's code and texts come with the page (its component's chunk, the "messages" texts).
export const Route = createFileRoute('/calendar')({
  validateSearch: calendarSearch,
  loaderDeps: ({ search }) => ({ ...search, ...catalogDeps() }),
  loader: ({ deps }) => loadCalendar(deps),
  staleTime: LIST_STALE_MS,
  pendingComponent: ProductListPending,
  errorComponent: CatalogLoadError,
  component: CalendarRoute,
})

function CalendarRoute() {
  const { month: _month, ...filters } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CalendarPage
      data={Route.useLoaderData()}
      filters={filters}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  )
}
