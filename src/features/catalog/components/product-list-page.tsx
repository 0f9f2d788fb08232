import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { productGrid } from '../../../components/ui/product-grid.ts'
import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Page } from '../../../domain/queries.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { usePageHref } from '../use-page-href.ts'
import { coverLoadInFirstGrid, ProductCard } from './product-card.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const firstPageLink = css({ textDecoration: 'underline', whiteSpace: 'nowrap' })

export interface ProductListPageProps<P extends ProductCardDto> {
  title: ReactNode
  page: Page<P>
  /** Where the cards open their product, e.g. /product-hot/product. */
  basePath: string
  /** Filters or commands between the title and the cards. */
  toolbar?: ReactNode
  /** Shown when the list has nothing at all; a 'no products here yet' notice by default. */
  empty?: ReactNode
  /** The result count, when it says more than "N products" (the search's "more than N"). */
  count?: ReactNode
  /** Extra controls on each card (the history's viewed time and remove button). */
  cardActions?: (product: P) => ReactNode
}

/**
 * A paged product list (hot, new, recommended, discounted, search, history): title, result count,
 * cards, and page links that change `pageNum` in the URL, so the page survives leaving and coming back.
 */
export function ProductListPage<P extends ProductCardDto>(props: ProductListPageProps<P>) {
  const language = useLanguage()
  const router = useRouter()
  const pageHref = usePageHref('pageNum')
  const { list, total, pageNum, pageSize } = props.page
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
  // A favourite removed or an entry deleted: load this page again.
  const reload = () => void router.invalidate()
  return (
    <section className={pageStack} aria-labelledby="product-list-title">
      <div className={pageHeader}>
        <h1 id="product-list-title" className={pageTitle}>
          {props.title}
        </h1>
        <p className={count} aria-live="polite">
          {props.count ?? <Trans>共 {total} 件商品</Trans>}
        </p>
      </div>
      {props.toolbar}
      {list.length === 0 && total === 0
        ? (props.empty ?? (
            <Notice tone="info" title={<Trans>这里还没有商品</Trans>}>
              <Trans>新品上架后会显示在这里。</Trans>
            </Notice>
          ))
        : null}
      {list.length === 0 && total > 0 ? (
        <Notice
          tone="info"
          title={<Trans>这一页没有商品</Trans>}
          action={
            <HrefLink className={firstPageLink} href={pageHref(1)}>
              <Trans>回到第 1 页</Trans>
            </HrefLink>
          }
        >
          <Trans>共 {pageCount} 页，请选择其中一页。</Trans>
        </Notice>
      ) : null}
      {list.length > 0 ? (
        <ul className={productGrid}>
          {list.map((product, index) => (
            <li key={product.id}>
              <ProductCard
                coverLoad={coverLoadInFirstGrid(index)}
                product={product}
                language={language}
                basePath={props.basePath}
                onRemoved={reload}
                actions={props.cardActions?.(product)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <Pagination pageNum={pageNum} pageCount={pageCount} hrefFor={pageHref} />
    </section>
  )
}
