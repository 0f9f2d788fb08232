import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { LazyScorePage } from '../features/points/components/lazy-pages.tsx'

// ?pageNum= is read by the page itself: the route table stays small.
export const Route = createFileRoute('/score')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: LazyScorePage,
})
