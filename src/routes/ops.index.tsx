import { createFileRoute, redirect } from '@tanstack/react-router'

// /ops opens the order list, the console's first section.
export const Route = createFileRoute('/ops/')({
  beforeLoad: () => {
    throw redirect({ to: '/ops/orders', replace: true })
  },
})
