import { createFileRoute } from '@tanstack/react-router'
import { LazyCategoriesPage } from '../features/ops/taxonomy/lazy-pages.tsx'

export const Route = createFileRoute('/ops/categories')({
  component: LazyCategoriesPage,
})
