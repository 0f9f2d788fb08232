import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { OrderStatus } from '../../../domain/order-status.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { usePageHref } from '../../catalog/use-page-href.ts'
import type { OrderListData } from '../routing/load-orders.ts'
import type { OrderListFilters, OrderListSearch, OrderListView } from '../routing/order-list-search.ts'
import { BalanceBanners } from './deadline-banners.tsx'
import { OrderCard } from './order-card.tsx'
import { OrderExport } from './order-export.tsx'
import { OrderFilters } from './order-filters.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const toolbar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
})
const switchGroup = css({
  display: 'inline-flex',
  border: '1px solid',
  borderColor: 'primary',
  borderRadius: 'sm',
  overflow: 'hidden',
})
const switchOption = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '2',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'primary',
  bg: 'surface',
  '&:has(input:checked)': { bg: 'primary', color: 'white' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-2px' },
})
const visuallyHidden = css({ srOnly: true })
const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const textLink = css({
  color: 'primary',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The balances the banners count: the final count of the session (all the shopper's operable orders),
 * never fewer than this page shows, so the banners agree with the cards before the count is read.
 */
function useBalanceCounts(listed: readonly OrderDto[]): { count: number; overCount: number } {
  const { startup } = useSession()
  // the count is read again with each visit: a balance may have been paid or fallen overdue meanwhile
  useEffect(() => refreshBadgeCounts(), [])
  const due = listed.filter((order) => order.status === OrderStatus.arrival)
  const overdue = due.filter(
    (order) => order.deadlineState === 'overdue' || order.deadlineState === 'forfeited',
  )
  const overCount = Math.max(startup.orderFinalOverCount, overdue.length)
  return { count: Math.max(startup.orderFinalCount, due.length, overCount), overCount }
}

const filtersOf = (search: OrderListSearch): OrderListFilters => ({
  status: search.status,
  orderId: search.orderId,
  startDate: search.startDate,
  endDate: search.endDate,
})

/**
 * The shopper's orders (spec §2 'order-list', 'Other screens'): the operable or the original orders,
 * filtered by status, number and dates, paged, exportable. Everything the list shows is in the address,
 * so back, forward and reload keep it, and coming back from an order finds the list where it was.
 */
export function OrderListPage({ data, search }: { data: OrderListData; search: OrderListSearch }) {
  const { t } = useLingui()
  const navigate = useNavigate({ from: '/order-list/list' })
  useDocumentTitle(t`我的订单`)
  const { page, view } = data
  const total = page.total
  const filters = filtersOf(search)
  const filtered = Object.values(filters).some((value) => value !== undefined)
  const pageCount = Math.max(1, Math.ceil(page.total / Math.max(1, page.pageSize)))
  const pageHref = usePageHref()
  const balances = useBalanceCounts(page.list)

  // A new filter or view starts again at the first page; the view is not a filter, reset keeps it.
  const show = (next: OrderListFilters, nextView: OrderListView = view) =>
    void navigate({
      search: {
        ...next,
        pageNum: 1,
        pageSize: search.pageSize,
        view: nextView === 'operable' ? undefined : nextView,
      },
    })
  const reset = () => show({})

  return (
    <section className={pageStack} aria-labelledby="order-list-title">
      <div className={pageHeader}>
        <h1 id="order-list-title" className={pageTitle}>
          <Trans>我的订单</Trans>
        </h1>
        <p className={count} aria-live="polite">
          <Trans>共 {total} 个订单</Trans>
        </p>
      </div>
      <BalanceBanners count={balances.count} overCount={balances.overCount} />
      <div className={toolbar}>
        <ViewSwitch view={view} onChange={(next) => show(filters, next)} />
        <OrderExport filters={filters} view={view} disabled={page.total === 0} />
      </div>
      {/* keyed by the filter in force, so the inputs follow back and forward */}
      <OrderFilters
        key={JSON.stringify(filters)}
        filters={filters}
        onApply={(next) => show(next)}
        onReset={reset}
      />

      {page.total === 0 && !filtered ? (
        <Notice
          tone="info"
          title={<Trans>还没有订单</Trans>}
          action={
            <Link className={textLink} to="/product-hot/list">
              <Trans>去逛逛热门商品</Trans>
            </Link>
          }
        >
          <Trans>在购物车中结算后，订单会出现在这里。</Trans>
        </Notice>
      ) : null}
      {page.total === 0 && filtered ? (
        <Notice
          tone="info"
          title={<Trans>没有符合条件的订单</Trans>}
          action={
            <button type="button" className={textLink} onClick={reset}>
              <Trans>清除筛选条件</Trans>
            </button>
          }
        >
          <Trans>换个状态、订单号或日期再试试。</Trans>
        </Notice>
      ) : null}
      {page.list.length === 0 && page.total > 0 ? (
        <Notice
          tone="info"
          title={<Trans>这一页没有订单</Trans>}
          action={
            <HrefLink className={textLink} href={pageHref(1)}>
              <Trans>回到第 1 页</Trans>
            </HrefLink>
          }
        >
          <Trans>共 {pageCount} 页，请选择其中一页。</Trans>
        </Notice>
      ) : null}

      {page.list.length > 0 ? (
        <ul className={list} aria-label={view === 'operable' ? t`可操作订单` : t`原始订单`}>
          {page.list.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pagination pageNum={page.pageNum} pageCount={pageCount} hrefFor={pageHref} />
    </section>
  )
}

/**
 * The switch between the operable orders (what the shopper pays and ships: children and unsplit
 * orders) and the original orders as placed (flows §1). Radio buttons: arrows move between them.
 */
function ViewSwitch({ view, onChange }: { view: OrderListView; onChange: (view: OrderListView) => void }) {
  const { t } = useLingui()
  const name = useId()
  const options: { value: OrderListView; label: string }[] = [
    { value: 'operable', label: t`可操作订单` },
    { value: 'original', label: t`原始订单` },
  ]
  return (
    <fieldset className={switchGroup}>
      <legend className={visuallyHidden}>
        <Trans>显示哪些订单</Trans>
      </legend>
      {options.map((option) => (
        <label key={option.value} className={cx(switchOption)}>
          <input
            className={visuallyHidden}
            type="radio"
            name={name}
            value={option.value}
            checked={view === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
