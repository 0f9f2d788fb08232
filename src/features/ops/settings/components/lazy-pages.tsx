import { lazy } from 'react'

// The room's page, fetched when it opens: the route table names this chunk, not its pieces.
export const LazyOpsSettingsPage = lazy(() =>
  import('./ops-settings-page.tsx').then((module) => ({ default: module.OpsSettingsPage })),
)
