import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsSettingsPage } from '../features/ops/settings/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/settings')({
  component: LazyOpsSettingsPage,
})
