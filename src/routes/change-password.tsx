import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordPage } from '../features/account/components/change-password-page.tsx'
import { requireSignedIn } from '../features/account/guard.ts'

export const Route = createFileRoute('/change-password')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  component: ChangePasswordPage,
})
