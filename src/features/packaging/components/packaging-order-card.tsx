import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { productNameIn } from '../../../domain/catalog.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { OrderDeadlines } from '../../orders/components/order-deadlines.tsx'

const card = css({
  display: 'grid',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const chosenCard = css({ borderColor: 'primary', bg: 'blue.50' })
const unavailableCard = css({ bg: 'gray.50' })
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const checkbox = css({ width: '5', height: '5', accentColor: 'primary', flexShrink: 0, cursor: 'pointer' })
const title = css({ fontSize: 'md', fontWeight: 'semibold', cursor: 'pointer' })
const detailLink = css({
  ml: 'auto',
  fontSize: 'sm',
  color: 'primary',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
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
const deadlines = css({ pt: '2', borderTop: '1px dashed', borderColor: 'border' })
const note = css({ fontSize: 'sm', color: 'red.700', fontWeight: 'medium' })

/**
 * One order waiting for packaging, chosen with its checkbox (the order number is its label): its
 * products with barcode and quantity, the arrival date and the packaging deadline in its colour with
 * words (the orders' own deadline view). `unavailable` says why it cannot be chosen now.
 */
export function PackagingOrderCard(props: {
  order: OrderDto
  selected: boolean
  disabled: boolean
  unavailable: string | null
  onToggle: () => void
}) {
  const { order } = props
  const language = useLanguage()
  const checkboxId = useId()
  const noteId = useId()
  const id = order.id
  return (
    <article
      className={cx(card, props.selected && chosenCard, props.unavailable !== null && unavailableCard)}
      data-order={id}
    >
      <div className={head}>
        <input
          id={checkboxId}
          type="checkbox"
          className={checkbox}
          checked={props.selected}
          disabled={props.disabled || (props.unavailable !== null && !props.selected)}
          aria-describedby={props.unavailable !== null ? noteId : undefined}
          onChange={props.onToggle}
        />
        <label htmlFor={checkboxId} className={title}>
          <Trans>订单号 {id}</Trans>
        </label>
        <Link className={detailLink} to="/order/$id" params={{ id: String(id) }}>
          <Trans>订单详情</Trans>
        </Link>
      </div>
      {props.unavailable !== null ? (
        <p id={noteId} className={note}>
          {props.unavailable}
        </p>
      ) : null}
      <ul className={lines}>
        {order.lines.map((orderLine) => {
          const code = orderLine.barcode
          const quantity = orderLine.quantity
          return (
            <li key={orderLine.id} className={line}>
              <span className={lineName}>{productNameIn(language, orderLine)}</span>
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
      <OrderDeadlines order={order} className={deadlines} />
    </article>
  )
}
