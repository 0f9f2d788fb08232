import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsCustomersPage } from '../features/ops/customers/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/customers/')({
  component: LazyOpsCustomersPage,
})
