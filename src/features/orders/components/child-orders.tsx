import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { OrderDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useChildOrders } from '../hooks/use-child-orders.ts'
import { OrderStatusBadge } from './status-badge.tsx'

const list = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const item = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  bg: 'surface.muted',
  borderRadius: 'sm',
  fontSize: 'sm',
})
const orderLink = css({
  color: 'primary',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const amount = css({ ml: 'auto', fontVariantNumeric: 'tabular-nums' })
const muted = css({ fontSize: 'sm', color: 'text.muted' })
const failed = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  color: 'red.800',
})

/** The orders a split order became: each a link to its page, with its status and total. */
export function ChildOrderList({ orders }: { orders: OrderDto[] }) {
  const language = useLanguage()
  if (orders.length === 0) {
    return (
      <p className={muted}>
        <Trans>没有子订单。</Trans>
      </p>
    )
  }
  return (
    <ul className={list}>
      {orders.map((child) => {
        const total = formatYen(child.total, language)
        const childId = child.id
        return (
          <li key={child.id} className={item}>
            <Link className={orderLink} to="/order/$id" params={{ id: String(child.id) }}>
              <Trans>订单 {childId}</Trans>
            </Link>
            <OrderStatusBadge status={child.status} />
            <span className={amount}>
              <Trans>合计 {total}</Trans>
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/** A split order's children in the list, read when the shopper opens them. */
export function ChildOrdersToggle({ parentId }: { parentId: number }) {
  const regionId = useId()
  const children = useChildOrders(parentId)
  const { state } = children
  return (
    <div className={list}>
      <div>
        <Button
          variant="ghost"
          aria-expanded={children.open}
          aria-controls={regionId}
          onClick={children.toggle}
        >
          {children.open ? <Trans>收起子订单</Trans> : <Trans>查看子订单</Trans>}
        </Button>
      </div>
      <div id={regionId} hidden={!children.open}>
        {state.kind === 'loading' ? (
          <p className={muted} role="status">
            <Trans>正在加载子订单…</Trans>
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <div className={failed} role="alert">
            <span>
              <Trans>子订单加载失败</Trans>
              {state.message ? ` ${state.message}` : null}
            </span>
            <Button variant="ghost" onClick={children.retry}>
              <Trans>重试</Trans>
            </Button>
          </div>
        ) : null}
        {state.kind === 'loaded' ? <ChildOrderList orders={state.children} /> : null}
      </div>
    </div>
  )
}
