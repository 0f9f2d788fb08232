import { useLingui } from '@lingui/react'
import { css } from '../../../../styled-system/css'
import { isProductType, PRODUCT_TYPE_TONE, type Tone } from '../../../domain/product-type.ts'
import { PRODUCT_TYPE_LABEL } from '../product-type-labels.ts'

const toneClass: Record<Tone, string> = {
  waiting: css({ bg: 'status.waiting' }),
  done: css({ bg: 'status.done' }),
  cancelled: css({ bg: 'status.cancelled' }),
  other: css({ bg: 'status.other' }),
}

const badge = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'semibold',
  lineHeight: 'tight',
})

export function ProductTypeBadge({ type }: { type: number }) {
  const { i18n } = useLingui()
  if (!isProductType(type) || type === 0) return null
  const label = PRODUCT_TYPE_LABEL[type]
  return (
    <span className={`${badge} ${toneClass[PRODUCT_TYPE_TONE[type]]}`} data-type={type}>
      {label ? i18n._(label) : type}
    </span>
  )
}
