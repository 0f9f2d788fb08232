import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Notice } from '../components/ui/notice.tsx'
import { CatalogLoadError } from '../features/catalog/components/catalog-load-error.tsx'
import { PreviewLoginNotice } from '../features/catalog/components/preview-login-notice.tsx'
import { ProductDetailPage } from '../features/catalog/components/product-detail-page.tsx'
import { ProductDetailPending } from '../features/catalog/components/product-detail-pending.tsx'
import { ProductNotFound } from '../features/catalog/components/product-not-found.tsx'
import { catalogDeps } from '../features/catalog/routing/catalog-deps.ts'
import { previewSearch } from '../features/catalog/routing/list-search.ts'
import { loadProductPreview } from '../features/catalog/routing/load-product-preview.ts'

export const Route = createFileRoute('/product-preview/$id')({
  validateSearch: previewSearch,
  loaderDeps: ({ search }) => ({ token: search.token, ...catalogDeps() }),
  loader: ({ params, deps }) => loadProductPreview(params.id, deps.language, deps.token),
  pendingComponent: ProductDetailPending,
  errorComponent: CatalogLoadError,
  notFoundComponent: ProductNotFound,
  component: PreviewRoute,
})

function PreviewRoute() {
  const preview = Route.useLoaderData()
  if (preview.kind === 'needsLogin') return <PreviewLoginNotice refused={preview.refused} />
  return (
    <ProductDetailPage
      product={preview.product}
      notice={
        <Notice tone="info" title={<Trans>商品预览</Trans>}>
          <Trans>这是商品的预览页面，商品可能尚未上架。</Trans>
        </Notice>
      }
    />
  )
}
