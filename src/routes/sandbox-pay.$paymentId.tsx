import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SandboxPayPage } from '../features/sandbox-pay/components/sandbox-pay-page.tsx'

// `?step=confirm` is the sandbox's extra confirmation step; anything else is the first step.
const sandboxPaySearch = v.object({
  step: v.fallback(v.optional(v.picklist(['confirm'])), undefined),
})

// No sign-in: the payment id is the key, as on a provider's hosted page.
export const Route = createFileRoute('/sandbox-pay/$paymentId')({
  validateSearch: sandboxPaySearch,
  component: SandboxPayRoute,
})

function SandboxPayRoute() {
  const { paymentId } = Route.useParams()
  const { step } = Route.useSearch()
  return <SandboxPayPage key={paymentId} paymentId={paymentId} step={step} />
}
