import { createFileRoute } from '@tanstack/react-router'
import { LazySeriesPage } from '../features/ops/taxonomy/lazy-pages.tsx'

export const Route = createFileRoute('/ops/series')({
  component: LazySeriesPage,
})
