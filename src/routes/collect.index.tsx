import { createFileRoute, redirect } from '@tanstack/react-router'

// /collect opens its list (spec §2: 'collect' has list and product/{id}).
export const Route = createFileRoute('/collect/')({
  beforeLoad: () => {
    throw redirect({ to: '/collect/list', replace: true })
  },
})
