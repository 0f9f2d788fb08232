import { css } from '../../../../styled-system/css'
import { isProductType, PRODUCT_TYPE_LABEL, PRODUCT_TYPE_TONE } from '../../../domain/product-type.ts'
import type { Tone } from '../../../domain/tone.ts'
import { useLanguage } from '../../../lib/use-language.ts'

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
  const language = useLanguage()
  if (!isProductType(type) || type === 0) return null
  return (
    <span className={`${badge} ${toneClass[PRODUCT_TYPE_TONE[type]]}`} data-type={type}>
      {PRODUCT_TYPE_LABEL[type][language]}
    </span>
  )
}
