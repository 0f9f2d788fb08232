import { createFileRoute, redirect } from '@tanstack/react-router'

// /product-discount opens its list (spec §2: each list route has a list child).
export const Route = createFileRoute('/product-discount/')({
  beforeLoad: () => {
    throw redirect({ to: '/product-discount/list', replace: true })
  },
})
