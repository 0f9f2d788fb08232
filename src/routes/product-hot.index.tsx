import { createFileRoute, redirect } from '@tanstack/react-router'

// /product-hot opens its list (spec §2: each list route has a list child).
export const Route = createFileRoute('/product-hot/')({
  beforeLoad: () => {
    throw redirect({ to: '/product-hot/list', replace: true })
  },
})
