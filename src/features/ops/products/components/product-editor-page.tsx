import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import type { OpsProductDto } from '../../../../domain/product-editor.ts'
import { useLanguage } from '../../../../lib/use-language.ts'
import { isNotFound, LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import { listHeader, mutedText, pageTitle } from '../../components/ops-table.ts'
import { shopDateTime } from '../../format.ts'
import { useLoaded } from '../../use-loaded.ts'
import { getOpsProduct } from '../api/get-product.ts'
import { useProductEditor } from '../hooks/use-product-editor.ts'
import { useTaxonomy } from '../hooks/use-taxonomy.ts'
import { ProductAlertCount } from './product-alert-count.tsx'
import { ProductConflictNotice } from './product-conflict-notice.tsx'
import { ProductDescriptionsSection } from './product-descriptions-section.tsx'
import { ProductIdentitySection } from './product-identity-section.tsx'
import { ProductImagesSection } from './product-images-section.tsx'
import { ProductPricesSection } from './product-prices-section.tsx'
import { ProductSaleSection } from './product-sale-section.tsx'

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '72rem' })
const form = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const saveBar = css({
  position: 'sticky',
  bottom: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  py: '3',
  bg: 'bg',
  borderTop: '1px solid',
  borderColor: 'border',
})
const savedNote = css({ fontSize: 'sm' })

function ProductForm(props: { product: OpsProductDto | undefined }) {
  const { t } = useLingui()
  const language = useLanguage()
  const navigate = useNavigate()
  const taxonomy = useTaxonomy(language)
  const editor = useProductEditor({
    product: props.product,
    onCreated: (created) =>
      void navigate({ to: '/ops/products/$id', params: { id: String(created.id) }, replace: true }),
  })
  const savedAt = editor.product ? shopDateTime(editor.product.updatedAt) : ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void editor.save()
  }
  return (
    <form className={form} onSubmit={submit} noValidate aria-label={t`商品资料`}>
      {editor.conflict ? (
        <ProductConflictNotice
          current={editor.conflict}
          saving={editor.saving}
          onLoadTheirs={editor.loadTheirs}
          onOverwrite={editor.overwrite}
        />
      ) : null}
      {taxonomy.failed ? (
        <Notice tone="warning" title={<Trans>分类、系列和品牌列表加载失败</Trans>}>
          <Trans>已选的项目保持不变；刷新页面后可重新选择。</Trans>
        </Notice>
      ) : null}
      <ProductIdentitySection editor={editor} taxonomy={taxonomy} />
      <ProductPricesSection editor={editor} />
      <ProductSaleSection editor={editor} />
      <ProductImagesSection editor={editor} />
      <ProductDescriptionsSection editor={editor} />
      <div className={saveBar}>
        <Button type="submit" disabled={editor.saving}>
          {editor.product ? <Trans>保存</Trans> : <Trans>创建商品</Trans>}
        </Button>
        <Link to="/ops/products">
          <Trans>返回商品列表</Trans>
        </Link>
        {editor.outcome ? (
          <p className={savedNote} role={editor.outcome.tone === 'error' ? 'alert' : 'status'}>
            {editor.outcome.text}
          </p>
        ) : null}
        {editor.product ? (
          <span className={mutedText}>
            <Trans>上次保存：{savedAt}</Trans>
          </span>
        ) : null}
      </div>
    </form>
  )
}

function ProductNotFound() {
  return (
    <Notice
      tone="info"
      title={<Trans>找不到这个商品</Trans>}
      action={
        <Link to="/ops/products">
          <Trans>返回商品列表</Trans>
        </Link>
      }
    />
  )
}

function ExistingProduct(props: { productId: number }) {
  const { loaded, reload } = useLoaded(`ops-product-${props.productId}`, () => getOpsProduct(props.productId))
  if (loaded.state === 'loading') return <LoadingBlock />
  if (loaded.state === 'failed') {
    return isNotFound(loaded.error) ? (
      <ProductNotFound />
    ) : (
      <LoadFailure error={loaded.error} onRetry={reload} />
    )
  }
  return <ProductForm key={loaded.data.id} product={loaded.data} />
}

/**
 * /ops/products/{id} (or /ops/products/new): every field of one product, grouped as an operator works.
 * An id that cannot be a product's reads as one that does not exist.
 */
export function ProductEditorPage(props: { id: string }) {
  const id = useId()
  const creating = props.id === 'new'
  const productId = /^\d{1,9}$/.test(props.id) && Number(props.id) > 0 ? Number(props.id) : undefined
  return (
    <section className={page} aria-labelledby={`${id}-title`}>
      <div className={listHeader}>
        <h1 id={`${id}-title`} className={pageTitle}>
          {creating ? <Trans>新建商品</Trans> : <Trans>编辑商品</Trans>}
        </h1>
        {productId !== undefined ? <ProductAlertCount productId={productId} /> : null}
      </div>
      {creating ? <ProductForm product={undefined} /> : null}
      {!creating && productId !== undefined ? <ExistingProduct productId={productId} /> : null}
      {!creating && productId === undefined ? <ProductNotFound /> : null}
    </section>
  )
}
