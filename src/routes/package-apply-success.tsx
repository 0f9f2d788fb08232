import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { LazyPackageApplySuccessPage } from '../features/packaging/components/lazy-pages.tsx'

// ?applyId= is read by the page itself: the route table stays as small as it was.
export const Route = createFileRoute('/package-apply-success')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: LazyPackageApplySuccessPage,
})
