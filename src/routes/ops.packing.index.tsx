import { createFileRoute } from '@tanstack/react-router'
import { LazyOpsPackingPage } from '../features/ops/components/lazy-pages.tsx'

export const Route = createFileRoute('/ops/packing/')({
  component: LazyOpsPackingPage,
})
