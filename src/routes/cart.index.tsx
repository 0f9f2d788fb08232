import { createFileRoute, redirect } from '@tanstack/react-router'

// /cart opens its list (spec §2: 'cart' has list and product/{id}).
export const Route = createFileRoute('/cart/')({
  beforeLoad: () => {
    throw redirect({ to: '/cart/list', replace: true })
  },
})
