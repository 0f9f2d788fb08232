import { Trans } from '@lingui/react/macro'
import { css, cx } from '../../../../styled-system/css'
import { productNameIn } from '../../../domain/catalog.ts'
import { useLanguage } from '../../../lib/use-language.ts'

const lines = css({ display: 'flex', flexDirection: 'column', gap: '1.5', fontSize: 'sm' })
const line = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr auto', md: 'minmax(0, 1fr) 12rem 6rem' },
  gap: '2',
  alignItems: 'baseline',
})
const lineName = css({ minWidth: '0', overflowWrap: 'anywhere' })
const muted = css({ color: 'text.muted', fontVariantNumeric: 'tabular-nums' })
const barcode = css({ gridColumn: { base: '1 / -1', md: 'auto' }, order: { base: 1, md: 0 } })

interface ProductLine {
  id: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  barcode: string
  quantity: number
}

/** The products of an order or a packaging application: name, barcode and quantity a line. */
export function ProductLines(props: { lines: readonly ProductLine[]; label?: string }) {
  const language = useLanguage()
  return (
    <ul className={lines} aria-label={props.label}>
      {props.lines.map((each) => {
        const code = each.barcode
        const quantity = each.quantity
        return (
          <li key={each.id} className={line}>
            <span className={lineName}>{productNameIn(language, each)}</span>
            <span className={cx(muted, barcode)}>
              <Trans>条码 {code}</Trans>
            </span>
            <span className={muted}>
              <Trans>数量 {quantity}</Trans>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
