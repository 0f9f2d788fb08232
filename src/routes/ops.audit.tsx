import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsAuditPage } from '../features/ops/audit/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/audit')({
  component: LazyOpsAuditPage,
})
