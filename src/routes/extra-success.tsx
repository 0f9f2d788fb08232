import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { LazyPaymentResultPage } from '../features/checkout/components/lazy-payment-result-page.tsx'
import { paymentReturnSearch } from '../features/checkout/routing/return-search.ts'

export const Route = createFileRoute('/extra-success')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  validateSearch: paymentReturnSearch,
  component: ResultRoute,
})

function ResultRoute() {
  const { paymentId } = Route.useSearch()
  return <LazyPaymentResultPage paymentId={paymentId} purpose="extra" />
}
