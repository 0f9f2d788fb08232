import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { type ProductCardDto, productNameIn } from '../../../domain/catalog.ts'
import { shopDate } from '../../../domain/dates.ts'
import type { Language } from '../../../domain/language.ts'
import { ProductTypeBadge } from './product-type-badge.tsx'

// One link per card (the name), stretched over the whole card so the cover is clickable too
// without a second link for keyboard and screen-reader users.
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
  px: '3',
  pb: '3',
  fontSize: 'sm',
})
const name = css({
  fontWeight: 'medium',
  color: 'text',
  lineClamp: 2,
  minHeight: '2.6em',
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
  columnGap: '2',
  fontSize: 'xs',
})
const perBox = css({ color: 'text.muted', whiteSpace: 'nowrap' })
const price = css({ color: 'secondary.hover', fontWeight: 'semibold' })

/** One product in a list: type label, cover, name in the active language, dates, price, units per box. */
export function ProductCard({ product, language }: { product: ProductCardDto; language: Language }) {
  const title = productNameIn(language, product)
  const href = `/product/${product.id}`
  const cover = product.imgList[0]
  const sellTime = product.sellTimeStr || '-'
  const preSellEnd = shopDate(product.preSellEndTime) ?? '-'
  const boxIn = product.boxIn
  return (
    <article className={card} aria-label={title}>
      <div className={imageBox}>
        {cover ? <img className={image} src={cover} alt="" loading="lazy" width={300} height={300} /> : null}
        <span className={badgeSpot}>
          <ProductTypeBadge type={product.type} />
        </span>
      </div>
      <div className={body}>
        <a className={name} href={href}>
          {title}
        </a>
        <dl className={dates}>
          <DateRow label={<Trans>发售</Trans>} value={sellTime} />
          <DateRow label={<Trans>截单</Trans>} value={preSellEnd} />
        </dl>
        <div className={footer}>
          <span className={price}>
            <Trans>登录后查看价格</Trans>
          </span>
          <span className={perBox}>
            <Trans>每箱 {boxIn} 个</Trans>
          </span>
        </div>
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
