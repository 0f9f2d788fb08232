import { createFileRoute, redirect } from '@tanstack/react-router'

// /product-history opens its list (spec §2: each list route has a list child).
export const Route = createFileRoute('/product-history/')({
  beforeLoad: () => {
    throw redirect({ to: '/product-history/list', replace: true })
  },
})
