import { createFileRoute, redirect } from '@tanstack/react-router'

// /product-recommend opens its list (spec §2: each list route has a list child).
export const Route = createFileRoute('/product-recommend/')({
  beforeLoad: () => {
    throw redirect({ to: '/product-recommend/list', replace: true })
  },
})
