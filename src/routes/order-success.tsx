import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireSignedIn } from '../features/account/guard.ts'
import { PaymentResultPage } from '../features/checkout/components/payment-result-page.tsx'

// The gateway sends the shopper back here with ?paymentId=; junk reads as none (the page says so).
const returnSearch = v.object({
  paymentId: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
})

export const Route = createFileRoute('/order-success')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  validateSearch: returnSearch,
  component: ResultRoute,
})

function ResultRoute() {
  const { paymentId } = Route.useSearch()
  return <PaymentResultPage paymentId={paymentId} />
}
