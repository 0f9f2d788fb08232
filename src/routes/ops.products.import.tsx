import { createFileRoute } from '@tanstack/react-router'
import { LazyImportProductsPage } from '../features/ops/import/lazy-page.tsx'

export const Route = createFileRoute('/ops/products/import')({
  component: LazyImportProductsPage,
})
