import { createFileRoute, redirect } from '@tanstack/react-router'

// /product-new opens its list (spec §2: each list route has a list child).
export const Route = createFileRoute('/product-new/')({
  beforeLoad: () => {
    throw redirect({ to: '/product-new/list', replace: true })
  },
})
