import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { productNameIn } from '../../../domain/catalog.ts'
import type { OrderLineDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { OrderLineThumb } from './order-line-thumb.tsx'

const list = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const item = css({
  display: 'grid',
  gap: '3',
  p: '3',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  gridTemplateColumns: { base: '4rem minmax(0, 1fr)', md: '4rem minmax(0, 2fr) minmax(0, 3fr)' },
  alignItems: 'start',
})
const image = css({ width: '16', height: '16', objectFit: 'cover', borderRadius: 'sm', bg: 'gray.100' })
const name = css({
  fontWeight: 'semibold',
  fontSize: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const barcode = css({ fontSize: 'xs', color: 'text.muted', fontVariantNumeric: 'tabular-nums' })
const figures = css({
  gridColumn: { base: '1 / -1', md: 'auto' },
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: '2',
  fontSize: 'sm',
})
const term = css({ color: 'text.muted', fontSize: 'xs' })
const value = css({ fontVariantNumeric: 'tabular-nums' })

/** The products of an order (spec §3 'Order'): image, name, barcode, unit price, quantity, total, deposit. */
export function OrderLines({ lines }: { lines: OrderLineDto[] }) {
  const language = useLanguage()
  return (
    <ul className={list}>
      {lines.map((line) => {
        const figuresOf = [
          { key: 'unitPrice', term: <Trans>单价</Trans>, value: formatYen(line.unitPrice, language) },
          { key: 'quantity', term: <Trans>数量</Trans>, value: String(line.quantity) },
          { key: 'total', term: <Trans>小计</Trans>, value: formatYen(line.total, language) },
          { key: 'deposit', term: <Trans>定金</Trans>, value: formatYen(line.deposit, language) },
        ]
        const code = line.barcode
        return (
          <li key={line.id} className={item}>
            <OrderLineThumb line={line} size={64} className={image} />
            <div>
              <Link className={name} to="/product/$id" params={{ id: String(line.productId) }}>
                {productNameIn(language, line)}
              </Link>
              <p className={barcode}>
                <Trans>条码 {code}</Trans>
              </p>
            </div>
            <dl className={figures}>
              {figuresOf.map((figure) => (
                <div key={figure.key}>
                  <dt className={term}>{figure.term}</dt>
                  <dd className={value}>{figure.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
