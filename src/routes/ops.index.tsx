import { createFileRoute } from '@tanstack/react-router'
import { OpsHome } from '../features/ops/components/ops-home.tsx'

// /ops opens the first room the account may use.
export const Route = createFileRoute('/ops/')({
  component: OpsHome,
})
