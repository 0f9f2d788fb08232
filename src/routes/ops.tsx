import { createFileRoute } from '@tanstack/react-router'
import { getOpsMe } from '../features/ops/api/get-ops-me.ts'
import { OpsLayout } from '../features/ops/components/ops-layout.tsx'
import { OpsRouteError } from '../features/ops/components/ops-route-error.tsx'
import { requireOperator } from '../features/ops/guard.ts'
import { loadConsoleTexts } from '../lib/console-texts.ts'

// The operator console: its own lazy chunks, guarded here for every page under /ops. The loader (split
// off with the layout) asks which rooms the account may use; it runs again on each visit, so a change
// of permissions or password shows without a reload. It loads the console's own texts too, which no
// shopper's first load carries.
export const Route = createFileRoute('/ops')({
  beforeLoad: ({ location }) => requireOperator(location),
  loader: async () => {
    // the texts are awaited even when the call fails: the console's error page is in them too
    const texts = loadConsoleTexts().catch(() => {})
    try {
      return await getOpsMe()
    } finally {
      await texts
    }
  },
  errorComponent: OpsRouteError,
  component: OpsLayout,
})
