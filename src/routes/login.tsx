import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LoginPage } from '../features/account/components/login-page.tsx'

const loginSearch = v.object({
  // Junk (a number, an object) reads as no target; the page also refuses paths off this site.
  redirectUrl: v.fallback(v.optional(v.string()), undefined),
})

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  component: LoginRoute,
})

function LoginRoute() {
  const { redirectUrl } = Route.useSearch()
  return <LoginPage redirectUrl={redirectUrl} />
}
