import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { Notice } from '../../../components/ui/notice.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { OrderStatusBadge } from '../../orders/components/status-badge.tsx'
import { listOpsOrders, type OpsOrderFilter } from '../api/list-orders.ts'
import { shopDateTime } from '../format.ts'
import { OPS_ORDERS_PAGE_SIZE, type OpsOrdersSearch } from '../orders-search.ts'
import { useLoaded } from '../use-loaded.ts'
import { LoadFailure, LoadingBlock } from './load-state.tsx'
import { amountCell, listHeader, listPage, mutedText, pageTitle, table, tableScroll } from './ops-table.ts'
import { OrderFilters } from './order-filters.tsx'

/** /ops/orders: every shopper's orders, filtered by the URL's search params, newest first. */
export function OpsOrdersPage(props: {
  search: OpsOrdersSearch
  onSearch: (search: OpsOrdersSearch) => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const router = useRouter()
  const { pageNum = 1, ...filter } = props.search
  const query = { ...filter, pageNum, pageSize: OPS_ORDERS_PAGE_SIZE }
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => listOpsOrders(query))
  const yen = (amount: number) => formatYen(amount, language)
  const hrefFor = (target: number) =>
    router.buildLocation({
      to: '/ops/orders',
      search: { ...props.search, pageNum: target > 1 ? target : undefined },
    }).href

  return (
    <section className={listPage} aria-labelledby="ops-orders-title">
      <div className={listHeader}>
        <h1 id="ops-orders-title" className={pageTitle}>
          <Trans>订单管理</Trans>
        </h1>
        {loaded.state === 'ready' ? (
          <span className={mutedText}>
            <Trans>共 {loaded.data.total} 个订单</Trans>
          </span>
        ) : null}
      </div>
      <OrderFilters
        key={JSON.stringify(filter)}
        filter={filter}
        onSearch={(next: OpsOrderFilter) => props.onSearch({ ...next, pageNum: undefined })}
      />
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && loaded.data.list.length === 0 ? (
        <Notice tone="info" title={<Trans>没有符合条件的订单</Trans>}>
          <Trans>请放宽筛选条件，或点“重置”查看全部订单。</Trans>
        </Notice>
      ) : null}
      {loaded.state === 'ready' && loaded.data.list.length > 0 ? (
        <>
          <div className={tableScroll}>
            <table className={table} aria-label={t`订单列表`} aria-busy={loaded.refreshing}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>订单号</Trans>
                  </th>
                  <th scope="col">
                    <Trans>顾客</Trans>
                  </th>
                  <th scope="col">
                    <Trans>状态</Trans>
                  </th>
                  <th scope="col">
                    <Trans>下单时间</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>定金</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>尾款</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>合计</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>已付</Trans>
                  </th>
                  <th scope="col">
                    <Trans>操作</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.list.map((order) => (
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
              </tbody>
            </table>
          </div>
          <Pagination
            pageNum={loaded.data.pageNum}
            pageCount={Math.max(1, Math.ceil(loaded.data.total / loaded.data.pageSize))}
            hrefFor={hrefFor}
          />
        </>
      ) : null}
    </section>
  )
}
