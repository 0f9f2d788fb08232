import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsContentPage } from '../features/ops/content/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/content')({
  component: LazyOpsContentPage,
})
