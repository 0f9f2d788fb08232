import { createFileRoute } from '@tanstack/react-router'
import { LazyProductEditorPage } from '../features/ops/products/components/lazy-pages.tsx'

// `new` opens an empty editor; a number, that product.
export const Route = createFileRoute('/ops/products/$id')({
  component: OpsProductRoute,
})

function OpsProductRoute() {
  const { id } = Route.useParams()
  return <LazyProductEditorPage key={id} id={id} />
}
