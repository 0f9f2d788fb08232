import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { LazyApplyPackagingPage } from '../features/packaging/components/lazy-pages.tsx'

// ?pageNum= is read by the page itself: the route table stays as small as it was.
export const Route = createFileRoute('/apply-packaging')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: LazyApplyPackagingPage,
})
