import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { CartViewLine } from '../../../../machines/cart/cart-changes.ts'
import { css, cx } from '../../../../styled-system/css'
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx'
import { productNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { formatYen } from '../../../domain/price-display.ts'
import type { ChargeRates } from '../../../domain/pricing.ts'
import { MediaPicture } from '../../catalog/components/product-image.tsx'
import { ProductTypeBadge } from '../../catalog/components/product-type-badge.tsx'
import { lineQuantityRule, quoteCartLine, quoteCartUnit } from './cart-totals.ts'
import { useSettledAmount } from './use-settled-amount.ts'

/**
 * Phone: checkbox and image on the left, the rest stacked beside them. Desktop: one row of a
 * table-like grid whose columns line up with the header row of the list.
 */
export const lineGrid = css({
  display: 'grid',
  gridTemplateColumns: {
    base: 'auto 64px minmax(0, 1fr)',
    md: '2rem 72px minmax(0, 1fr) 8.5rem 10.5rem 7.5rem 4.5rem',
  },
  columnGap: { base: '3', md: '4' },
  rowGap: { base: '2', md: '0' },
  alignItems: { base: 'start', md: 'center' },
})
const row = css({
  py: '3',
  px: { base: '2', md: '3' },
  borderBottom: '1px solid',
  borderColor: 'border',
})
const unorderable = css({ bg: 'surface.muted', color: 'text.muted' })
const spanLeft = css({ gridRow: { base: 'span 5', md: 'auto' } })
const rest = css({ gridColumn: { base: '3', md: 'auto' }, minWidth: '0' })
const checkbox = css({
  width: '5',
  height: '5',
  mt: { base: '1', md: '0' },
  accentColor: 'primary',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const imageBox = css({
  width: { base: '64px', md: '72px' },
  aspectRatio: '1',
  bg: 'surface.muted',
  borderRadius: 'sm',
  overflow: 'hidden',
})
const image = css({ width: '100%', height: '100%', objectFit: 'cover' })
/** The cover's width in imageBox: the smallest variant serves it. */
const LINE_IMAGE_SIZES = '72px'
const greyed = css({ opacity: 0.55, filter: 'grayscale(1)' })
const info = css({ display: 'flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start' })
const name = css({
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'text',
  overflowWrap: 'anywhere',
  lineClamp: 2,
  _hover: { color: 'primary', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const marks = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', alignItems: 'center' })
const pendingMark = css({
  px: '1.5',
  py: '0.5',
  fontSize: 'xs',
  borderRadius: 'sm',
  border: '1px dashed',
  borderColor: 'status.waiting',
  color: 'status.waiting',
})
const reasonText = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'status.cancelled' })
const money = css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm' })
const phoneLabel = css({ display: { base: 'inline', md: 'none' }, color: 'text.muted', mr: '1' })
const memberPrice = css({ fontSize: 'xs', color: 'secondary.hover' })
const perUnit = css({ fontSize: 'xs', color: 'text.muted' })
const lineTotal = css({ fontWeight: 'semibold', color: 'secondary.hover', textAlign: { md: 'right' } })
const hiddenLabel = css({ '& label': { srOnly: true } })
const removeButton = css({
  justifySelf: { base: 'start', md: 'center' },
  px: '2',
  py: '1',
  fontSize: 'xs',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  bg: 'surface',
  color: 'text',
  cursor: 'pointer',
  _hover: { borderColor: 'status.cancelled', color: 'status.cancelled' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/** Why a line cannot be ordered, in the shopper's language. */
export function LineReason({ line }: { line: CartViewLine }) {
  switch (line.reason) {
    case 'unavailable':
      return <Trans>已下架，无法购买</Trans>
    case 'outOfStock': {
      const stock = line.stock ?? 0
      return stock > 0 ? <Trans>库存不足，仅剩 {stock} 件</Trans> : <Trans>已售罄</Trans>
    }
    case 'partnerOnly':
      return <Trans>该价格仅对合作伙伴开放</Trans>
    case 'amount': {
      const base = line.orderBase
      return <Trans>数量须为 {base} 的倍数</Trans>
    }
    case 'typeChanged':
      return <Trans>该商品信息已变更，请删除后重新加入购物车</Trans>
    default:
      return <Trans>暂时无法购买</Trans>
  }
}

export interface CartLineRowProps {
  line: CartViewLine
  language: Language
  rates: ChargeRates
  selected: boolean
  onSelect(selected: boolean): void
  onAmount(amount: number): void
  onRemove(): void
}

/** One line of the cart: choose it, open it, change its amount, remove it. */
export function CartLineRow({
  line,
  language,
  rates,
  selected,
  onSelect,
  onAmount,
  onRemove,
}: CartLineRowProps) {
  const { t } = useLingui()
  const title = productNameIn(language, line)
  const cover = line.imgList[0]
  const unit = quoteCartUnit(line, rates)
  const quote = quoteCartLine(line, rates)
  const rule = lineQuantityRule(line)
  // Off sale or changed type: only removing the line helps, so no stepper.
  const adjustable = line.reason !== 'unavailable' && line.reason !== 'typeChanged'
  const amount = useSettledAmount(line.productAmount, (next) => {
    if (next !== line.productAmount) onAmount(next)
  })
  const reasonId = `cart-line-${line.productId}-reason`
  const unitPrice = line.price === undefined ? '—' : formatYen(line.price, language)
  const memberUnitPrice = unit ? formatYen(unit.discountedUnitPrice, language) : ''
  const unitDeposit = unit ? formatYen(unit.deposit, language) : ''
  const productAmount = line.productAmount
  return (
    <li
      className={cx(lineGrid, row, !line.orderable && unorderable)}
      aria-describedby={line.orderable ? undefined : reasonId}
    >
      <input
        type="checkbox"
        className={cx(checkbox, spanLeft)}
        aria-label={title}
        checked={line.orderable && selected}
        disabled={!line.orderable}
        onChange={(event) => onSelect(event.target.checked)}
      />
      <div className={cx(imageBox, spanLeft, !line.orderable && greyed)}>
        {cover ? (
          <MediaPicture
            className={image}
            image={line.images?.[0]}
            src={cover}
            alt=""
            sizes={LINE_IMAGE_SIZES}
            width={72}
            height={72}
          />
        ) : null}
      </div>
      <div className={cx(rest, info)}>
        <span className={marks}>
          <ProductTypeBadge type={line.productType} />
          {line.pending ? (
            <span className={pendingMark} title={t`这项更改还没有保存到服务器`}>
              <Trans>待同步</Trans>
            </span>
          ) : null}
        </span>
        <Link className={name} to="/cart/product/$id" params={{ id: String(line.productId) }}>
          {title}
        </Link>
        {line.orderable ? null : (
          <span id={reasonId} className={reasonText}>
            <LineReason line={line} />
          </span>
        )}
      </div>
      <div className={cx(rest, money)}>
        <span>
          <span className={phoneLabel}>
            <Trans>单价</Trans>
          </span>
          {unitPrice}
        </span>
        {unit && unit.discountedUnitPrice < unit.unitPrice ? (
          <span className={memberPrice}>
            <Trans>会员价 {memberUnitPrice}</Trans>
          </span>
        ) : null}
        {unit?.hasDeposit ? (
          <span className={perUnit}>
            <Trans>定金 {unitDeposit}/件</Trans>
          </span>
        ) : null}
      </div>
      <div className={cx(rest, hiddenLabel)}>
        {adjustable ? (
          <QuantityStepper
            label={t`数量：${title}`}
            name={`amount-${line.productId}`}
            value={amount.value}
            min={rule.min}
            step={rule.step}
            max={rule.max}
            {...(rule.step > 1 ? { hint: t`按 ${rule.step} 个的倍数订购` } : {})}
            onChange={amount.change}
          />
        ) : (
          <span>
            <Trans>数量：{productAmount}</Trans>
          </span>
        )}
      </div>
      <div className={cx(rest, lineTotal)}>
        <span className={phoneLabel}>
          <Trans>小计</Trans>
        </span>
        {quote ? formatYen(quote.goods, language) : '—'}
      </div>
      <button
        type="button"
        className={cx(rest, removeButton)}
        aria-label={t`删除：${title}`}
        onClick={onRemove}
      >
        <Trans>删除</Trans>
      </button>
    </li>
  )
}
