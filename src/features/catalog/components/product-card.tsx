import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type ProductCardDto, productNameIn } from '../../../domain/catalog.ts'
import { shopDate } from '../../../domain/dates.ts'
import type { Language } from '../../../domain/language.ts'
import { CARD_IMAGE_SIZES } from '../../../domain/media.ts'
import { shownPrice } from '../../../domain/price-display.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { setFavourite } from '../../favourites/api/set-favourite.ts'
import { usePriceViewer } from '../use-price-viewer.ts'
import { CardAddToCart } from './card-add-to-cart.tsx'
import { PriceSlot } from './price-slot.tsx'
import { type ImageLoad, MediaPicture } from './product-image.tsx'
import { ProductTypeBadge } from './product-type-badge.tsx'

// One link per card (the name), stretched over the whole card so the cover is clickable too
// without a second link for keyboard and screen-reader users. Controls inside sit above it.
const card = css({
  position: 'relative',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  overflow: 'hidden',
  transition: 'box-shadow 0.15s',
  _hover: { boxShadow: 'md' },
  _focusWithin: { boxShadow: 'md' },
})
const imageBox = css({ position: 'relative', aspectRatio: '1', bg: 'surface.muted' })
const image = css({ width: '100%', height: '100%', objectFit: 'cover' })
const badgeSpot = css({ position: 'absolute', top: '2', left: '2', zIndex: 1, pointerEvents: 'none' })
const body = css({
  flexGrow: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  px: { base: '2', sm: '3' },
  pb: '3',
  fontSize: 'sm',
})
const name = css({
  fontWeight: 'medium',
  color: 'text',
  lineClamp: 2,
  minHeight: '2.6em',
  overflowWrap: 'anywhere',
  _hover: { color: 'primary', textDecoration: 'underline' },
  _after: { content: '""', position: 'absolute', inset: '0' },
  _focusVisible: {
    outline: 'none',
    _after: { outline: '2px solid', outlineColor: 'secondary', borderRadius: 'md' },
  },
})
const meta = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  color: 'text.muted',
  fontSize: 'xs',
})
const dates = css({ display: 'flex', flexDirection: 'column', gap: '0.5' })
const footer = css({
  mt: 'auto',
  pt: '1',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  columnGap: '2',
  rowGap: '0.5',
  fontSize: 'xs',
})
const perBox = css({ color: 'text.muted', whiteSpace: 'nowrap' })
const actionArea = css({
  position: 'relative',
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  fontSize: 'xs',
})
const removeButton = css({
  position: 'relative',
  zIndex: 1,
  alignSelf: 'flex-start',
  px: '2',
  py: '1',
  fontSize: 'xs',
  color: 'status.cancelled',
  border: '1px solid',
  borderColor: 'currentColor',
  borderRadius: 'sm',
  bg: 'surface',
  cursor: 'pointer',
  _hover: { bg: 'red.50' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

export interface ProductCardProps {
  product: ProductCardDto
  language: Language
  /** Where the product opens: `${basePath}/${id}` (a list's own detail route, e.g. /product-hot/product). */
  basePath?: string
  /** After the product was removed from the favourites (its `bid` button), so the list reloads. */
  onRemoved?: () => void
  /** More controls or facts at the foot of the card (the history's viewed time and remove button). */
  actions?: ReactNode
  /** When its cover loads (see coverLoadInFirstGrid); lazy by default. */
  coverLoad?: ImageLoad | undefined
}

/** Cards a phone shows before scrolling (two columns, two rows): their covers load at once. */
const FIRST_SCREEN_CARDS = 4

/**
 * How the cover of a card in the page's first grid loads: the first card's is the page's largest paint
 * (the only image a page fetches at high priority), the rest of the first screen at once, others lazily.
 */
export const coverLoadInFirstGrid = (index: number): ImageLoad =>
  index === 0 ? 'lcp' : index < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'

/**
 * One product in a list (spec §2 'Product list card'): type label, cover, name in the active language,
 * sale time, pre-sale end date, the price the viewer may see, units per box, and a remove button when
 * the product is among the shopper's favourites.
 */
export function ProductCard({
  product,
  language,
  basePath = '/product',
  onRemoved,
  actions,
  coverLoad,
}: ProductCardProps) {
  const viewer = usePriceViewer()
  const [favouriteRemoved, setFavouriteRemoved] = useState(false)
  const title = productNameIn(language, product)
  const cover = product.imgList[0]
  const sellTime = product.sellTimeStr || '-'
  const preSellEnd = shopDate(product.preSellEndTime) ?? '-'
  const boxIn = product.boxIn
  return (
    <article className={card} aria-label={title}>
      <div className={imageBox}>
        {cover ? (
          <MediaPicture
            className={image}
            image={product.images?.[0]}
            src={cover}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            load={coverLoad}
          />
        ) : null}
        <span className={badgeSpot}>
          <ProductTypeBadge type={product.type} />
        </span>
      </div>
      <div className={body}>
        <HrefLink className={name} href={`${basePath}/${product.id}`}>
          {title}
        </HrefLink>
        <dl className={dates}>
          <DateRow label={<Trans>发售</Trans>} value={sellTime} />
          <DateRow label={<Trans>截单</Trans>} value={preSellEnd} />
        </dl>
        <div className={footer}>
          <PriceSlot
            view={shownPrice(viewer.role, language, product)}
            language={language}
            rate={viewer.rate}
          />
          <span className={perBox}>
            <Trans>每箱 {boxIn} 个</Trans>
          </span>
        </div>
        {viewer.role !== null && shownPrice(viewer.role, language, product).kind === 'price' ? (
          <CardAddToCart product={product} role={viewer.role} language={language} />
        ) : null}
        {product.bid !== undefined && !favouriteRemoved ? (
          <RemoveFavouriteButton
            productId={product.id}
            title={title}
            onRemoved={() => {
              // The list may be answered again from the service worker's cache, which still has the
              // favourite until its background refresh lands: the card goes by what the server said.
              setFavouriteRemoved(true)
              onRemoved?.()
            }}
          />
        ) : null}
        {actions ? <div className={actionArea}>{actions}</div> : null}
      </div>
    </article>
  )
}

function DateRow({ label, value }: { label: ReactNode; value: string }) {
  return (
    <div className={meta}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

function RemoveFavouriteButton(props: {
  productId: number
  title: string
  onRemoved?: (() => void) | undefined
}) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const remove = async () => {
    setBusy(true)
    try {
      // collect=false, not a toggle: had the favourite gone already (another tab), it stays gone.
      await setFavourite(props.productId, false)
      showToast({ tone: 'success', message: t`已取消收藏` })
      props.onRemoved?.()
    } catch (error) {
      // The API client has shown the server's message.
      if (!(error instanceof ApiFailure)) throw error
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className={removeButton}
      disabled={busy}
      aria-label={t`取消收藏：${props.title}`}
      onClick={() => void remove()}
    >
      <Trans>取消收藏</Trans>
    </button>
  )
}
