import { createFileRoute } from '@tanstack/react-router'
import { UserinfoPage } from '../features/account/components/userinfo-page.tsx'
import { requireSignedIn } from '../features/account/guard.ts'

export const Route = createFileRoute('/userinfo')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: UserinfoPage,
})
