import { createFileRoute } from '@tanstack/react-router'
import { LazyBrandsPage } from '../features/ops/taxonomy/lazy-pages.tsx'

export const Route = createFileRoute('/ops/brands')({
  component: LazyBrandsPage,
})
