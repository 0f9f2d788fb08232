import { createFileRoute, redirect } from '@tanstack/react-router'

// /product-best opens its list (spec §2: each list route has a list child).
export const Route = createFileRoute('/product-best/')({
  beforeLoad: () => {
    throw redirect({ to: '/product-best/list', replace: true })
  },
})
