import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { css, cx } from '../../../../../styled-system/css'
import { Notice } from '../../../../components/ui/notice.tsx'
import { nameIn } from '../../../../domain/language.ts'
import { formatYen } from '../../../../domain/price-display.ts'
import type { OpsProductDto } from '../../../../domain/product-editor.ts'
import { useLanguage } from '../../../../lib/use-language.ts'
import { ListHeader, ListStates, OpsTable, useSearchList } from '../../components/list-page.tsx'
import { amountCell, listPage, mutedText } from '../../components/ops-table.ts'
import { PageButtons } from '../../components/page-buttons.tsx'
import { shopDateTime } from '../../format.ts'
import { ExportButtons } from '../../import/components/export-buttons.tsx'
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
  const { filter, loaded, reload, searchOfPage } = useSearchList(
    search,
    OPS_PRODUCTS_PAGE_SIZE,
    listOpsProducts,
  )
  const market = marketOfLanguage(language)
  const open = (product: OpsProductDto) =>
    void navigate({ to: '/ops/products/$id', params: { id: String(product.id) } })
  const columns = [
    t`货号`,
    t`封面`,
    t`商品名`,
    t`类型`,
    { label: t`单价`, amount: true },
    { label: t`批发价`, amount: true },
    { label: t`库存`, amount: true },
    t`状态`,
    t`更新时间`,
  ] as const

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <ListHeader
        titleId={`${id}-title`}
        title={<Trans>商品</Trans>}
        count={loaded.state === 'ready' ? <Trans>共 {loaded.data.total} 个商品</Trans> : null}
        endClassName={headerEnd}
      >
        <Link to="/ops/products/import" className={cx(linkButton, secondaryLink)}>
          <Trans>批量导入</Trans>
        </Link>
        <Link to="/ops/products/$id" params={{ id: 'new' }} className={linkButton}>
          <Trans>新建商品</Trans>
        </Link>
      </ListHeader>

      {/* Keyed by the keyword, so back and forward put the address's keyword back in the box. */}
      <ProductListFilters
        key={search.keyword ?? ''}
        search={search}
        taxonomy={taxonomy}
        onFilter={(filter) => props.onSearch(filter)}
      />
      {/* The export takes the list's filters as they are (not its page): what is listed is what comes. */}
      <ExportButtons filters={filter} />

      <ListStates
        loaded={loaded}
        onRetry={reload}
        empty={<Notice tone="info" title={<Trans>没有符合条件的商品</Trans>} />}
      >
        {(page, refreshing) => (
          <>
            <OpsTable label={t`商品列表`} busy={refreshing} columns={columns}>
              {page.list.map((product) => {
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
            </OpsTable>
            <PageButtons page={page} onPage={(pageNum) => props.onSearch(searchOfPage(pageNum))} />
          </>
        )}
      </ListStates>
    </section>
  )
}
