import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { LazyExtraPage } from '../features/extras/components/lazy-pages.tsx'

export const Route = createFileRoute('/extra')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: LazyExtraPage,
})
