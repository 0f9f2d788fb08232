import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { LazyPackagingPage } from '../features/packaging/components/lazy-pages.tsx'

export const Route = createFileRoute('/packaging')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: LazyPackagingPage,
})
