import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import type { OrderDto } from '../../../domain/orders.ts'
import { OrderDeadlines } from '../../orders/components/order-deadlines.tsx'
import { ProductLines } from './product-lines.tsx'

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
      <ProductLines lines={order.lines} />
      <OrderDeadlines order={order} className={deadlines} />
    </article>
  )
}
