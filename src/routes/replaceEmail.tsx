import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ReplaceEmailPage } from '../features/account/components/replace-email-page.tsx'

// The router reads `code=123456` as a number (its search values are JSON), so a number is taken back
// as text; anything else reads as missing, and the page says the link is invalid.
const linkValue = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  undefined,
)

const replaceEmailSearch = v.object({ username: linkValue, code: linkValue })

export const Route = createFileRoute('/replaceEmail')({
  validateSearch: replaceEmailSearch,
  component: ReplaceEmailRoute,
})

function ReplaceEmailRoute() {
  const { username, code } = Route.useSearch()
  return <ReplaceEmailPage username={username} code={code} />
}
