import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { css, cx } from '../../../../../styled-system/css'
import { Notice } from '../../../../components/ui/notice.tsx'
import { nameIn } from '../../../../domain/language.ts'
import { formatYen } from '../../../../domain/price-display.ts'
import type { OpsProductDto } from '../../../../domain/product-editor.ts'
import { useLanguage } from '../../../../lib/use-language.ts'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import {
  amountCell,
  listHeader,
  listPage,
  mutedText,
  pageTitle,
  table,
  tableScroll,
} from '../../components/ops-table.ts'
import { PageButtons } from '../../components/page-buttons.tsx'
import { shopDateTime } from '../../format.ts'
import { ExportButtons } from '../../import/components/export-buttons.tsx'
import { useLoaded } from '../../use-loaded.ts'
import { listOpsProducts } from '../api/list-products.ts'
import { useTaxonomy } from '../hooks/use-taxonomy.ts'
import { marketOfLanguage, productTypeLabel, statusLabel } from '../product-labels.ts'
import type { OpsProductsSearch } from '../products-search.ts'
import { ProductListFilters } from './product-list-filters.tsx'
import { ProductThumb } from './product-thumb.tsx'

export const OPS_PRODUCTS_PAGE_SIZE = 30

const headerEnd = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '3' })
const linkButton = css({
  px: '4',
  py: '2',
  borderRadius: 'sm',
  bg: 'primary',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'medium',
  _hover: { bg: 'primary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const secondaryLink = css({ bg: 'secondary', _hover: { bg: 'secondary.hover' } })
const rowLink = css({ cursor: 'pointer' })
const itemLink = css({ fontWeight: 'medium', fontFamily: 'mono', whiteSpace: 'nowrap' })
const offSale = css({ color: 'text.muted' })
const nameCell = css({ minWidth: '12rem', maxWidth: '24rem' })

function PriceCell(props: { yen: number }) {
  const language = useLanguage()
  if (props.yen >= 0) return <>{formatYen(props.yen, language)}</>
  return (
    <>
      {formatYen(-props.yen, language)}
      <div className={mutedText}>
        <Trans>仅限合作伙伴</Trans>
      </div>
    </>
  )
}

/**
 * /ops/products: the catalog as operators keep it, by keyword (item number, JAN, names) and filters,
 * a page at a time; a row opens the product's editor.
 */
export function ProductsListPage(props: {
  search: OpsProductsSearch
  onSearch: (next: OpsProductsSearch) => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const navigate = useNavigate()
  const taxonomy = useTaxonomy(language)
  const { search } = props
  const { pageNum, ...filter } = search
  const query = { ...filter, pageNum: pageNum ?? 1, pageSize: OPS_PRODUCTS_PAGE_SIZE }
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => listOpsProducts(query))
  const market = marketOfLanguage(language)
  const open = (product: OpsProductDto) =>
    void navigate({ to: '/ops/products/$id', params: { id: String(product.id) } })

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <div className={listHeader}>
        <h1 id={`${id}-title`} className={pageTitle}>
          <Trans>商品</Trans>
        </h1>
        <div className={headerEnd}>
          {loaded.state === 'ready' ? (
            <span className={mutedText}>
              <Trans>共 {loaded.data.total} 个商品</Trans>
            </span>
          ) : null}
          <Link to="/ops/products/import" className={cx(linkButton, secondaryLink)}>
            <Trans>批量导入</Trans>
          </Link>
          <Link to="/ops/products/$id" params={{ id: 'new' }} className={linkButton}>
            <Trans>新建商品</Trans>
          </Link>
        </div>
      </div>

      {/* Keyed by the keyword, so back and forward put the address's keyword back in the box. */}
      <ProductListFilters
        key={search.keyword ?? ''}
        search={search}
        taxonomy={taxonomy}
        onFilter={(filter) => props.onSearch(filter)}
      />
      {/* The export takes the list's filters as they are (not its page): what is listed is what comes. */}
      <ExportButtons filters={filter} />

      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && loaded.data.list.length === 0 ? (
        <Notice tone="info" title={<Trans>没有符合条件的商品</Trans>} />
      ) : null}
      {loaded.state === 'ready' && loaded.data.list.length > 0 ? (
        <>
          <div className={tableScroll}>
            <table className={table} aria-label={t`商品列表`} aria-busy={loaded.refreshing}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>货号</Trans>
                  </th>
                  <th scope="col">
                    <Trans>封面</Trans>
                  </th>
                  <th scope="col">
                    <Trans>商品名</Trans>
                  </th>
                  <th scope="col">
                    <Trans>类型</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>单价</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>批发价</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>库存</Trans>
                  </th>
                  <th scope="col">
                    <Trans>状态</Trans>
                  </th>
                  <th scope="col">
                    <Trans>更新时间</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.list.map((product) => {
                  const name = nameIn(language, {
                    name: product.productName,
                    jpName: product.jpProductName,
                    enName: product.enProductName,
                  })
                  const itemNo = product.itemNo
                  return (
                    // The item number is the row's link (Tab, Enter); a click anywhere on the row opens it too.
                    <tr key={product.id} className={rowLink} onClick={() => open(product)}>
                      <td>
                        <Link
                          to="/ops/products/$id"
                          params={{ id: String(product.id) }}
                          className={itemLink}
                          aria-label={t`编辑：${itemNo} ${name}`}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {product.itemNo}
                        </Link>
                      </td>
                      <td>
                        <ProductThumb image={product.images[0]} url={product.imgList[0]} alt="" size={40} />
                      </td>
                      <td className={nameCell}>
                        {name}
                        {product.janCode ? <div className={mutedText}>JAN {product.janCode}</div> : null}
                      </td>
                      <td>{productTypeLabel(product.type, language)}</td>
                      <td className={amountCell}>
                        <PriceCell yen={product[market.alone]} />
                      </td>
                      <td className={amountCell}>
                        <PriceCell yen={product[market.batch]} />
                      </td>
                      <td className={amountCell}>{product.stock}</td>
                      <td className={product.status === 2 ? offSale : undefined}>
                        {statusLabel(product.status)}
                      </td>
                      <td>{shopDateTime(product.updatedAt)}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <PageButtons
            page={loaded.data}
            onPage={(pageNum) => props.onSearch({ ...search, pageNum: pageNum > 1 ? pageNum : undefined })}
          />
        </>
      ) : null}
    </section>
  )
}
