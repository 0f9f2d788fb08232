import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsArrivalsPage } from '../features/ops/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/arrivals')({
  component: LazyOpsArrivalsPage,
})
