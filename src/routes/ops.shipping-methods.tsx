import { createFileRoute } from '@tanstack/react-router'
import { LazyShippingMethodsPage } from '../features/ops/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/shipping-methods')({
  component: LazyShippingMethodsPage,
})
