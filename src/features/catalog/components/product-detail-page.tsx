import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import {
  categoryNameIn,
  type ProductDetailDto,
  productNameIn,
  seriesNameIn,
} from '../../../domain/catalog.ts'
import { shopDate } from '../../../domain/dates.ts'
import type { Language } from '../../../domain/language.ts'
import { textIn } from '../../../domain/localized.ts'
import { formatYen, shownPrice } from '../../../domain/price-display.ts'
import { boxPrice } from '../../../domain/pricing.ts'
import {
  isProductType,
  PRODUCT_TYPE_SCHEDULE,
  releaseMonthEnd,
  scheduleText,
} from '../../../domain/product-type.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { productSearchHref } from '../search-link.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { usePriceViewer } from '../use-price-viewer.ts'
import { AddToCartForm } from './add-to-cart-form.tsx'
import { FavouriteToggle } from './favourite-toggle.tsx'
import { NotifyMeWhenUnavailable } from './lazy-notify-me.tsx'
import { PriceSlot, RmbEstimate } from './price-slot.tsx'
import { ProductGallery } from './product-gallery.tsx'
import { ProductTypeBadge } from './product-type-badge.tsx'

const layout = css({
  display: 'grid',
  gap: { base: '5', md: '8' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
  alignItems: 'start',
})
const info = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })
const titleBlock = css({ display: 'flex', flexDirection: 'column', gap: '1.5', alignItems: 'flex-start' })
const title = css({
  fontSize: { base: 'xl', md: '2xl' },
  fontWeight: 'bold',
  lineHeight: 'snug',
  overflowWrap: 'anywhere',
})
const otherNames = css({ fontSize: 'sm', color: 'text.muted', overflowWrap: 'anywhere' })
const pricePanel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  bg: 'surface.muted',
  borderRadius: 'md',
})
const priceRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: '3',
  rowGap: '0.5',
})
const priceLabel = css({ fontSize: 'sm', color: 'text.muted', minWidth: '20' })
const memberAmount = css({ fontSize: '2xl', fontWeight: 'bold', color: 'secondary.hover' })
const referenceAmount = css({ fontSize: 'md' })
const commands = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })
const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: '6',
  rowGap: '2',
  fontSize: 'sm',
  borderTop: '1px solid',
  borderColor: 'border',
  pt: '4',
})
const fact = css({ display: 'flex', gap: '3', minWidth: '0' })
const factLabel = css({ flex: 'none', width: '24', color: 'text.muted' })
const factValue = css({ minWidth: '0', overflowWrap: 'anywhere' })
const factLink = css({
  color: 'primary',
  textDecoration: 'underline',
  _hover: { color: 'primary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The product page (spec §3 'Product detail'), shared by /product/$id, each list's product/$id and the
 * preview: images, type, names, the viewer's prices, stock and box facts, dates, codes, category and
 * series, the dispatch schedule, the favourite toggle and the cart form (none when off sale).
 */
export function ProductDetailPage({ product, notice }: { product: ProductDetailDto; notice?: ReactNode }) {
  const language = useLanguage()
  const name = productNameIn(language, product)
  useDocumentTitle(name)
  const others = otherNamesOf(product, name)
  return (
    <article className={layout} aria-labelledby="product-title">
      <ProductGallery images={product.imgList} pictures={product.images} name={name} />
      <div className={info}>
        {notice}
        <div className={titleBlock}>
          <ProductTypeBadge type={product.type} />
          <h1 id="product-title" className={title}>
            {name}
          </h1>
          {others.map((other) => (
            <p key={other} className={otherNames}>
              {other}
            </p>
          ))}
        </div>
        {product.available ? null : (
          <Notice tone="warning" title={<Trans>该商品已下架</Trans>}>
            <Trans>这件商品目前不可购买。</Trans>
          </Notice>
        )}
        <PricePanel product={product} language={language} />
        <div className={commands}>
          {product.available ? <AddToCartForm key={product.id} product={product} /> : null}
          <FavouriteToggle key={product.id} productId={product.id} collected={product.collected ?? false} />
          <NotifyMeWhenUnavailable key={product.id} product={product} />
        </div>
        <ProductFacts product={product} language={language} />
      </div>
    </article>
  )
}

/** The names in the other languages, smaller, when they say something the title does not. */
function otherNamesOf(product: ProductDetailDto, shown: string): string[] {
  const names = [product.productName, product.jpProductName, product.enProductName]
  return [...new Set(names.filter((other): other is string => !!other && other !== shown))]
}

function PricePanel({ product, language }: { product: ProductDetailDto; language: Language }) {
  const viewer = usePriceViewer()
  const view = shownPrice(viewer.role, language, product)
  if (view.kind !== 'price') {
    return (
      <div className={pricePanel}>
        <PriceSlot view={view} language={language} rate={viewer.rate} />
      </div>
    )
  }
  const reference = product.memberPrice?.referencePrice ?? view.yen
  const member = product.memberPrice?.discountedPrice
  const points = product.memberPrice?.points
  // A box costs what the shopper pays per unit, times the units in it.
  const perBox = product.boxIn > 1 ? boxPrice(member ?? reference, product.boxIn) : undefined
  const boxIn = product.boxIn
  return (
    <dl className={pricePanel}>
      {member !== undefined ? (
        <div className={priceRow}>
          <dt className={priceLabel}>
            <Trans>会员价</Trans>
          </dt>
          <dd className={priceRow}>
            <span className={memberAmount}>{formatYen(member, language)}</span>
            <RmbEstimate yen={member} language={language} rate={viewer.rate} />
          </dd>
        </div>
      ) : null}
      <div className={priceRow}>
        <dt className={priceLabel}>
          <Trans>参考价</Trans>
        </dt>
        <dd className={priceRow}>
          <span className={member === undefined ? memberAmount : referenceAmount}>
            {formatYen(reference, language)}
          </span>
          <RmbEstimate yen={reference} language={language} rate={viewer.rate} />
        </dd>
      </div>
      {points !== undefined ? (
        <div className={priceRow}>
          <dt className={priceLabel}>
            <Trans>可得积分</Trans>
          </dt>
          <dd>{points}</dd>
        </div>
      ) : null}
      {perBox !== undefined ? (
        <div className={priceRow}>
          <dt className={priceLabel}>
            <Trans>整箱价（{boxIn} 个）</Trans>
          </dt>
          <dd className={priceRow}>
            <span>{formatYen(perBox, language)}</span>
            <RmbEstimate yen={perBox} language={language} rate={viewer.rate} />
          </dd>
        </div>
      ) : null}
    </dl>
  )
}

function ProductFacts({ product, language }: { product: ProductDetailDto; language: Language }) {
  const release = product.releaseDate ?? product.sellTimeStr ?? '-'
  const series = product.series
  return (
    <dl className={facts}>
      <Fact label={<Trans>库存</Trans>}>{product.stock}</Fact>
      <Fact label={<Trans>每箱数量</Trans>}>{product.boxIn}</Fact>
      <Fact label={<Trans>发售时间</Trans>}>{release}</Fact>
      <Fact label={<Trans>截单时间</Trans>}>{shopDate(product.preSellEndTime) ?? '-'}</Fact>
      <Fact label={<Trans>到货时间</Trans>}>
        <DispatchSchedule product={product} language={language} />
      </Fact>
      <Fact label={<Trans>厂商</Trans>}>
        {product.brand ? (
          <HrefLink className={factLink} href={productSearchHref({ brandId: product.brand.id })}>
            {product.manufacturer || product.brand.name}
          </HrefLink>
        ) : (
          product.manufacturer || '-'
        )}
      </Fact>
      <Fact label={<Trans>商品编号</Trans>}>{product.itemNo || '-'}</Fact>
      <Fact label={<Trans>JAN 码</Trans>}>{product.janCode || '-'}</Fact>
      <Fact label={<Trans>整箱条码</Trans>}>{product.boxBarcode || '-'}</Fact>
      <Fact label={<Trans>分类</Trans>}>
        {product.category ? (
          <HrefLink className={factLink} href={productSearchHref({ category: product.category.id })}>
            {categoryNameIn(language, product.category)}
          </HrefLink>
        ) : (
          '-'
        )}
      </Fact>
      <Fact label={<Trans>系列</Trans>}>
        {series ? (
          <HrefLink className={factLink} href={productSearchHref({ series: series.id })}>
            {seriesNameIn(language, series) ?? series.seriesName}
          </HrefLink>
        ) : (
          '-'
        )}
      </Fact>
    </dl>
  )
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={fact}>
      <dt className={factLabel}>{label}</dt>
      <dd className={factValue}>{children}</dd>
    </div>
  )
}

/** When the goods reach the warehouse, as the shop states it for the product's type. */
function DispatchSchedule({ product, language }: { product: ProductDetailDto; language: Language }) {
  if (!isProductType(product.type) || product.type === 0) return <>-</>
  const schedule = PRODUCT_TYPE_SCHEDULE[product.type]
  const text = scheduleText(schedule)
  if (!text) return <>-</>
  const monthEnd =
    schedule.kind === 'releaseMonthEnd' && product.releaseDate
      ? releaseMonthEnd(product.releaseDate)
      : undefined
  return (
    <>
      {textIn(language, text)}
      {monthEnd ? <> ({monthEnd})</> : null}
    </>
  )
}
