import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsExtraFeesPage } from '../features/ops/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/extra-fees')({
  component: LazyOpsExtraFeesPage,
})
