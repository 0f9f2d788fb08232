import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsStaffPage } from '../features/ops/staff/components/lazy-staff-page.tsx'

export const Route = createFileRoute('/ops/staff')({
  component: LazyOpsStaffPage,
})
