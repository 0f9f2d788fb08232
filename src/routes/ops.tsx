import { createFileRoute } from '@tanstack/react-router'
import { OpsLayout } from '../features/ops/components/ops-layout.tsx'
import { OpsRouteError } from '../features/ops/components/ops-route-error.tsx'
import { requireOperator } from '../features/ops/guard.ts'

// The operator console: its own lazy chunks, guarded here for every page under /ops.
export const Route = createFileRoute('/ops')({
  beforeLoad: ({ location }) => requireOperator(location),
  errorComponent: OpsRouteError,
  component: OpsLayout,
})
