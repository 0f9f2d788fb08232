import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { Notice } from '../../../components/ui/notice.tsx'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { OrderStatusBadge } from '../../orders/components/status-badge.tsx'
import { listOpsOrders, type OpsOrderFilter } from '../api/list-orders.ts'
import { shopDateTime } from '../format.ts'
import { OPS_ORDERS_PAGE_SIZE, type OpsOrdersSearch } from '../orders-search.ts'
import { ListHeader, ListStates, OpsTable, useSearchList } from './list-page.tsx'
import { amountCell, listPage, mutedText } from './ops-table.ts'
import { OrderFilters } from './order-filters.tsx'
import { PageLinks } from './page-buttons.tsx'

/** /ops/orders: every shopper's orders, filtered by the URL's search params, newest first. */
export function OpsOrdersPage(props: {
  search: OpsOrdersSearch
  onSearch: (search: OpsOrdersSearch) => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const router = useRouter()
  const { filter, loaded, reload, searchOfPage } = useSearchList(
    props.search,
    OPS_ORDERS_PAGE_SIZE,
    listOpsOrders,
  )
  const yen = (amount: number) => formatYen(amount, language)
  const hrefFor = (target: number) =>
    router.buildLocation({ to: '/ops/orders', search: searchOfPage(target) }).href
  const columns = [
    t`订单号`,
    t`顾客`,
    t`状态`,
    t`下单时间`,
    { label: t`定金`, amount: true },
    { label: t`尾款`, amount: true },
    { label: t`合计`, amount: true },
    { label: t`已付`, amount: true },
    t`操作`,
  ] as const

  return (
    <section className={listPage} aria-labelledby="ops-orders-title">
      <ListHeader
        titleId="ops-orders-title"
        title={<Trans>订单管理</Trans>}
        count={loaded.state === 'ready' ? <Trans>共 {loaded.data.total} 个订单</Trans> : null}
      />
      <OrderFilters
        key={JSON.stringify(filter)}
        filter={filter}
        onSearch={(next: OpsOrderFilter) => props.onSearch({ ...next, pageNum: undefined })}
      />
      <ListStates
        loaded={loaded}
        onRetry={reload}
        empty={
          <Notice tone="info" title={<Trans>没有符合条件的订单</Trans>}>
            <Trans>请放宽筛选条件，或点“重置”查看全部订单。</Trans>
          </Notice>
        }
      >
        {(page, refreshing) => (
          <>
            <OpsTable label={t`订单列表`} busy={refreshing} columns={columns}>
              {page.list.map((order) => (
                <tr key={order.id}>
                  <td>
                    {order.id}
                    {order.parentId === null ? null : (
                      <div className={mutedText}>
                        <Trans>拆分自 {order.parentId}</Trans>
                      </div>
                    )}
                  </td>
                  <td>
                    <div>{order.userNickname}</div>
                    <div className={mutedText}>{order.userEmail}</div>
                    <div className={mutedText}>
                      <Trans>用户 ID {order.userId}</Trans>
                    </div>
                  </td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td>{shopDateTime(order.createTime)}</td>
                  <td className={amountCell}>{yen(order.deposit)}</td>
                  <td className={amountCell}>{yen(order.balance)}</td>
                  <td className={amountCell}>{yen(order.total)}</td>
                  <td className={amountCell}>{yen(order.paidAmount)}</td>
                  <td>
                    <Link
                      to="/ops/orders/$id"
                      params={{ id: String(order.id) }}
                      aria-label={t`查看订单 ${order.id}`}
                    >
                      <Trans>详情</Trans>
                    </Link>
                  </td>
                </tr>
              ))}
            </OpsTable>
            <PageLinks page={page} hrefFor={hrefFor} />
          </>
        )}
      </ListStates>
    </section>
  )
}
