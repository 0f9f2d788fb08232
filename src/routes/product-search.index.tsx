import { createFileRoute, redirect } from '@tanstack/react-router'
import { productSearchSearch } from '../features/catalog/routing/list-search.ts'

// /product-search opens its list with the same filters (spec §2: each list route has a list child).
export const Route = createFileRoute('/product-search/')({
  validateSearch: productSearchSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/product-search/list', search, replace: true })
  },
})
