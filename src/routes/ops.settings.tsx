import { createFileRoute } from '@tanstack/react-router'
import { OpsSettingsPage } from '../features/ops/components/ops-settings-page.tsx'

export const Route = createFileRoute('/ops/settings')({
  component: OpsSettingsPage,
})
