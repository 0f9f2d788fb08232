import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsContentPage } from '../features/ops/content/components/lazy-pages.tsx'
import { opsContentSearch } from '../features/ops/content/content-search.ts'

export const Route = createFileRoute('/ops/content')({
  validateSearch: opsContentSearch,
  component: OpsContentRoute,
})

function OpsContentRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <LazyOpsContentPage
      tab={tab ?? 'banners'}
      onTab={(next) => void navigate({ search: next === 'banners' ? {} : { tab: next } })}
    />
  )
}
