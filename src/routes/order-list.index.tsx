import { createFileRoute, redirect } from '@tanstack/react-router'

// /order-list opens its list (spec §2: 'order-list' has list and product/{id}).
export const Route = createFileRoute('/order-list/')({
  beforeLoad: () => {
    throw redirect({ to: '/order-list/list', replace: true })
  },
})
