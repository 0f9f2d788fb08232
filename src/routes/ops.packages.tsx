import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsPackagesPage } from '../features/ops/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/packages')({
  component: LazyOpsPackagesPage,
})
