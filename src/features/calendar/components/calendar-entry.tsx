import { Trans } from '@lingui/react/macro'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { isStockedType } from '../../../domain/cart.ts'
import { productNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { shownPrice } from '../../../domain/price-display.ts'
import type { CalendarEntryDto } from '../../../domain/release-calendar.ts'
import { NotifyMeButton } from '../../alerts/components/notify-me-button.tsx'
import { CardAddToCart } from '../../catalog/components/card-add-to-cart.tsx'
import { PriceSlot } from '../../catalog/components/price-slot.tsx'
import { MediaPicture } from '../../catalog/components/product-image.tsx'
import { ProductTypeBadge } from '../../catalog/components/product-type-badge.tsx'
import { usePriceViewer } from '../../catalog/use-price-viewer.ts'

const row = css({
  display: 'grid',
  gridTemplateColumns: '4.5rem minmax(0, 1fr)',
  gap: '3',
  p: '3',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const cover = css({
  width: '4.5rem',
  height: '4.5rem',
  objectFit: 'cover',
  borderRadius: 'sm',
  bg: 'surface.muted',
})
const body = css({ display: 'flex', flexDirection: 'column', gap: '1.5', minWidth: '0', fontSize: 'sm' })
const labels = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })
const kindLabel = css({
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  color: 'white',
})
const releaseTone = css({ bg: 'primary' })
const closesTone = css({ bg: 'status.cancelled' })
const name = css({
  fontWeight: 'medium',
  color: 'text',
  overflowWrap: 'anywhere',
  _hover: { color: 'primary', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })

/**
 * One product on a day: whether it is released or its pre-orders close, its cover, name and the price
 * the viewer may see, with the quick add of the product cards. Goods in hand (a counted stock) may be
 * sold out, so they also offer the restock alert; a pre-order is orderable while on sale, and the
 * calendar lists only products on sale.
 */
export function CalendarEntry(props: { entry: CalendarEntryDto; language: Language }) {
  const viewer = usePriceViewer()
  const { entry, language } = props
  const { product } = entry
  const title = productNameIn(language, product)
  const price = shownPrice(viewer.role, language, product)
  return (
    <article className={row} aria-label={title}>
      <MediaPicture
        className={cover}
        image={product.images?.[0]}
        src={product.imgList[0] ?? ''}
        alt=""
        sizes="72px"
        width={72}
        height={72}
      />
      <div className={body}>
        <div className={labels}>
          {entry.kind === 'release' ? (
            <span className={cx(kindLabel, releaseTone)}>
              <Trans>发售</Trans>
            </span>
          ) : (
            <span className={cx(kindLabel, closesTone)}>
              <Trans>预订截止</Trans>
            </span>
          )}
          <ProductTypeBadge type={product.type} />
        </div>
        <HrefLink className={name} href={`/product/${product.id}`}>
          {title}
        </HrefLink>
        <PriceSlot view={price} language={language} rate={viewer.rate} />
        <div className={actions}>
          {viewer.role !== null && price.kind === 'price' ? (
            <CardAddToCart product={product} role={viewer.role} language={language} />
          ) : null}
          {isStockedType(product.type) ? <NotifyMeButton productId={product.id} /> : null}
        </div>
      </div>
    </article>
  )
}
