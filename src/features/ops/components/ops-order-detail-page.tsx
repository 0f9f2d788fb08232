import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { OpsOrderDetailDto, OrderAddressDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fullAddressIn, recipientNameIn } from '../../addresses/address-text.ts'
import { OrderStatusBadge } from '../../orders/components/status-badge.tsx'
import { orderAddressOf } from '../../orders/order-text.ts'
import { getOpsOrderDetail } from '../api/order-detail.ts'
import { shopDateTime } from '../format.ts'
import { useLoaded } from '../use-loaded.ts'
import { DeadlineBadge } from './deadline-badge.tsx'
import { DetailStates, detailPage, Fact, factList, titleRow } from './detail-page.tsx'
import { OrderNotFound } from './load-state.tsx'
import { OrderAuditSection, OrderLinesSection, OrderPaymentsSection } from './ops-order-records.tsx'
import { mutedText, pageTitle, section, sectionTitle } from './ops-table.ts'
import { OrderActions } from './order-actions.tsx'

/** The order's copied address: the spec's fields, so the address book's wording applies. */
function AddressText({ address }: { address: OrderAddressDto }) {
  const language = useLanguage()
  const book = orderAddressOf(address)
  return (
    <p>
      {recipientNameIn(language, book)} · {book.telephone}
      <br />
      {fullAddressIn(language, book)} {book.postCode ? `(${book.postCode})` : ''}
    </p>
  )
}

/** /ops/orders/{id}: the whole order as an operator needs it, with the actions its status allows. */
export function OpsOrderDetailPage({ orderId }: { orderId: number }) {
  const { loaded, reload } = useLoaded(String(orderId), () => getOpsOrderDetail(orderId))
  return (
    <DetailStates loaded={loaded} onRetry={reload} notFound={<OrderNotFound />}>
      {(order, refreshing) => <OrderDetail order={order} refreshing={refreshing} onChanged={reload} />}
    </DetailStates>
  )
}

function OrderDetail(props: { order: OpsOrderDetailDto; refreshing: boolean; onChanged: () => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const { order } = props
  const yen = (amount: number) => formatYen(amount, language)
  const day = (value: string | null) => value ?? '—'

  return (
    <article className={detailPage} aria-labelledby="ops-order-title" aria-busy={props.refreshing}>
      <Link to="/ops/orders" className={mutedText}>
        <Trans>← 返回订单列表</Trans>
      </Link>
      <div className={titleRow}>
        <h1 id="ops-order-title" className={pageTitle}>
          <Trans>订单 {order.id}</Trans>
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <OrderActions key={order.id} order={order} onChanged={props.onChanged} />

      <section className={section} aria-label={t`订单信息`}>
        <dl className={factList}>
          <Fact label={<Trans>顾客</Trans>}>
            {order.userNickname} · {order.userEmail} · <Trans>用户 ID {order.userId}</Trans>
          </Fact>
          <Fact label={<Trans>下单时间</Trans>}>{shopDateTime(order.createTime)}</Fact>
          <Fact label={<Trans>付款期限</Trans>}>{shopDateTime(order.payDueTime)}</Fact>
          <Fact label={<Trans>更新时间</Trans>}>{shopDateTime(order.modifyTime)}</Fact>
          <Fact label={<Trans>商品金额</Trans>}>{yen(order.goods)}</Fact>
          <Fact label={<Trans>会员折扣</Trans>}>{yen(order.discount)}</Fact>
          <Fact label={<Trans>平台费</Trans>}>{yen(order.platformFee)}</Fact>
          <Fact label={<Trans>结算手续费</Trans>}>{yen(order.settlementFee)}</Fact>
          <Fact label={<Trans>定金</Trans>}>{yen(order.deposit)}</Fact>
          <Fact label={<Trans>尾款</Trans>}>{yen(order.balance)}</Fact>
          <Fact label={<Trans>合计</Trans>}>{yen(order.total)}</Fact>
          <Fact label={<Trans>已付</Trans>}>{yen(order.paidAmount)}</Fact>
          <Fact label={<Trans>已退款</Trans>}>{yen(order.refundAmount)}</Fact>
          <Fact label={<Trans>占用积分</Trans>}>{order.pointsHeld}</Fact>
          <Fact label={<Trans>到仓日期</Trans>}>{day(order.arrivedAt)}</Fact>
          <Fact label={<Trans>尾款截止</Trans>}>{day(order.balanceDue)}</Fact>
          <Fact label={<Trans>打包截止</Trans>}>{day(order.packagingDeadline)}</Fact>
          <Fact label={<Trans>没收日期</Trans>}>{day(order.forfeitAt)}</Fact>
          <Fact label={<Trans>期限状态</Trans>}>
            <DeadlineBadge state={order.deadlineState} />
          </Fact>
          <Fact label={<Trans>滞纳金</Trans>}>{yen(order.lateFee)}</Fact>
          <Fact label={<Trans>备注</Trans>}>{order.remark || '—'}</Fact>
          {order.parentId === null ? null : (
            <Fact label={<Trans>原订单</Trans>}>
              <Link to="/ops/orders/$id" params={{ id: String(order.parentId) }}>
                {order.parentId}
              </Link>
            </Fact>
          )}
        </dl>
      </section>

      <OrderLinesSection lines={order.lines} />

      <OrderPaymentsSection payments={order.payments} />

      <section className={section} aria-labelledby="ops-order-address">
        <h2 id="ops-order-address" className={sectionTitle}>
          <Trans>收货地址</Trans>
        </h2>
        {order.address ? (
          <AddressText address={order.address} />
        ) : (
          <p className={mutedText}>
            <Trans>首次付款时才会选定收货地址。</Trans>
          </p>
        )}
      </section>

      {order.children.length > 0 ? (
        <section className={section} aria-labelledby="ops-order-children">
          <h2 id="ops-order-children" className={sectionTitle}>
            <Trans>拆分出的子订单</Trans>
          </h2>
          <ul>
            {order.children.map((child) => (
              <li key={child.id}>
                <Link to="/ops/orders/$id" params={{ id: String(child.id) }}>
                  <Trans>订单 {child.id}</Trans>
                </Link>{' '}
                <OrderStatusBadge status={child.status} /> {yen(child.total)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <OrderAuditSection audit={order.audit} />
    </article>
  )
}
