import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { productNameIn } from '../../../domain/catalog.ts'
import { OrderStatus } from '../../../domain/order-status.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { dateTimeText } from '../order-text.ts'
import { ChildOrdersToggle } from './child-orders.tsx'
import { canPayBalance, PayBalanceLink } from './deadline-banners.tsx'
import { OrderDeadlines } from './order-deadlines.tsx'
import { OrderLineThumb } from './order-line-thumb.tsx'
import { OrderStatusBadge } from './status-badge.tsx'

const card = css({
  display: 'grid',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
})
const head = css({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  pb: '2',
  borderBottom: '1px solid',
  borderColor: 'border',
})
const title = css({ fontSize: 'md', fontWeight: 'semibold' })
const titleLink = css({
  color: 'primary',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const createdTime = css({ fontSize: 'sm', color: 'text.muted', ml: { md: 'auto' } })
const lines = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const line = css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm' })
const thumb = css({
  flex: 'none',
  width: '12',
  height: '12',
  objectFit: 'cover',
  borderRadius: 'sm',
  bg: 'gray.100',
})
const lineName = css({
  flex: '1',
  minWidth: '0',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const quantity = css({ flex: 'none', color: 'text.muted' })
const more = css({ fontSize: 'sm', color: 'text.muted' })
const totals = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '2',
  fontSize: 'sm',
  alignContent: 'start',
})
const totalTerm = css({ color: 'text.muted', fontSize: 'xs' })
const totalValue = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
const foot = css({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '2',
})
const detailLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '1.5',
  border: '1px solid',
  borderColor: 'primary',
  borderRadius: 'sm',
  color: 'primary',
  fontSize: 'sm',
  _hover: { bg: 'primary', color: 'white' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', ml: 'auto' })
const payLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '1.5',
  border: '1px solid',
  borderColor: 'secondary',
  borderRadius: 'sm',
  bg: 'secondary',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  _hover: { bg: 'secondary.hover', borderColor: 'secondary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
})
const deadlines = css({ gridColumn: '1 / -1', pt: '2', borderTop: '1px dashed', borderColor: 'border' })
const parentNote = css({ fontSize: 'sm', color: 'text.muted' })
const inlineLink = css({ color: 'primary', textDecoration: 'underline' })

/** Lines a card shows before summing up the rest. */
const SHOWN_LINES = 3

/**
 * One order of the list (a card on a phone, a wide row on a desktop): number, created time, status in
 * its colour, products, the four amounts, the arrival and deadlines in their colours once the goods
 * arrived, and links to the order, its balance payment (5 arrival), its parent or its children.
 */
export function OrderCard({ order }: { order: OrderDto }) {
  const language = useLanguage()
  const titleId = useId()
  const shown = order.lines.slice(0, SHOWN_LINES)
  const hidden = order.lines.length - shown.length
  const id = String(order.id)
  const created = dateTimeText(order.createTime)
  const parentId = order.parentId
  const amounts = [
    { key: 'deposit', term: <Trans>定金</Trans>, yen: order.deposit },
    { key: 'balance', term: <Trans>尾款</Trans>, yen: order.balance },
    { key: 'total', term: <Trans>合计</Trans>, yen: order.total },
    { key: 'paid', term: <Trans>已付</Trans>, yen: order.paidAmount },
  ]
  return (
    <article className={card} aria-labelledby={titleId}>
      <div className={head}>
        <h2 id={titleId} className={title}>
          <Link className={titleLink} to="/order/$id" params={{ id }}>
            <Trans>订单号 {id}</Trans>
          </Link>
        </h2>
        <OrderStatusBadge status={order.status} />
        <span className={createdTime}>
          <Trans>下单时间 {created}</Trans>
        </span>
      </div>
      <div className={lines}>
        {parentId !== null ? (
          <p className={parentNote}>
            <Trans>
              拆分自订单{' '}
              <Link className={inlineLink} to="/order/$id" params={{ id: String(parentId) }}>
                {parentId}
              </Link>
            </Trans>
          </p>
        ) : null}
        <ul className={lines}>
          {shown.map((orderLine) => {
            const name = productNameIn(language, orderLine)
            return (
              <li key={orderLine.id} className={line}>
                <OrderLineThumb line={orderLine} size={48} className={thumb} />
                <Link
                  className={lineName}
                  to="/order-list/product/$id"
                  params={{ id: String(orderLine.productId) }}
                >
                  {name}
                </Link>
                <span className={quantity}>×{orderLine.quantity}</span>
              </li>
            )
          })}
        </ul>
        {hidden > 0 ? (
          <p className={more}>
            <Trans>另有 {hidden} 种商品</Trans>
          </p>
        ) : null}
      </div>
      <dl className={totals}>
        {amounts.map((amount) => (
          <div key={amount.key}>
            <dt className={totalTerm}>{amount.term}</dt>
            <dd className={totalValue}>{formatYen(amount.yen, language)}</dd>
          </div>
        ))}
      </dl>
      <OrderDeadlines order={order} className={deadlines} />
      <div className={foot}>
        {order.status === OrderStatus.split ? <ChildOrdersToggle parentId={order.id} /> : <span />}
        <div className={actions}>
          {canPayBalance(order) ? (
            <PayBalanceLink orderId={order.id} className={payLink} describedBy={titleId} />
          ) : null}
          <Link className={detailLink} to="/order/$id" params={{ id }} aria-describedby={titleId}>
            <Trans>查看订单详情</Trans>
          </Link>
        </div>
      </div>
    </article>
  )
}
