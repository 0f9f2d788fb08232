import { createFileRoute, redirect } from '@tanstack/react-router'
import { packageListSearch } from '../features/shipping/routing/package-list-search.ts'

// /package opens its list (spec §2: 'package' has list and product/{applyId}/{boxId}), filters kept.
export const Route = createFileRoute('/package/')({
  validateSearch: packageListSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/package/list', search, replace: true })
  },
})
