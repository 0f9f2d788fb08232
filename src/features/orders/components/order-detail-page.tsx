import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import { css } from '../../../../styled-system/css'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { OrderStatus } from '../../../domain/order-status.ts'
import type { OrderDetailDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fullAddressIn, recipientNameIn } from '../../addresses/address-text.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { PayPanelLoading } from '../../checkout/components/pay-panel-loading.tsx'
import { TransferDetails } from '../../checkout/components/payment-outcome.tsx'
import { PAY_BALANCE_ANCHOR } from '../../final-payment/pay-balance-anchor.ts'
import { dateTimeText, orderAddressOf } from '../order-text.ts'
import { ChildOrderList } from './child-orders.tsx'
import { OrderDeadlineBanner } from './deadline-banners.tsx'
import { OrderDeadlines } from './order-deadlines.tsx'
import { OrderLines } from './order-lines.tsx'
import { PaymentList } from './payment-list.tsx'
import { OrderStatusBadge } from './status-badge.tsx'

// The settlement and the three payment routes: only for an order waiting for its first payment.
const OrderPayPanel = lazy(() =>
  import('../../checkout/components/order-pay-panel.tsx').then((module) => ({
    default: module.OrderPayPanel,
  })),
)
// The balance, its late fee and the three routes: only for an order whose goods arrived (5).
const FinalPayPanel = lazy(() => import('../../final-payment/components/final-pay-panel.tsx'))

const titleRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const section = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold' })
const facts = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
  fontSize: 'sm',
})
const term = css({ color: 'text.muted', fontSize: 'xs' })
const value = css({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' })
const wide = css({ gridColumn: '1 / -1' })
const muted = css({ fontSize: 'sm', color: 'text.muted' })
const textLink = css({
  color: 'primary',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const backLink = css({ fontSize: 'sm' })
const addressBlock = css({ fontStyle: 'normal', fontSize: 'sm', overflowWrap: 'anywhere' })

interface Fact {
  key: string
  term: ReactNode
  value: ReactNode
  wide?: boolean
}

/**
 * One order (spec §3 'Order'): its numbers, dates and amounts, address, child orders, products and
 * payments, the status in its colour. While it waits for its first payment (2), the pay panel (and,
 * when that payment's latest attempt waits for a bank transfer, where to send it); after the panel
 * reports a change the order is read again.
 */
export function OrderDetailPage({ order }: { order: OrderDetailDto }) {
  const { t } = useLingui()
  const language = useLanguage()
  const router = useRouter()
  const id = String(order.id)
  useDocumentTitle(t`订单 ${id}`)
  const yen = (amount: number) => formatYen(amount, language)

  const summary: Fact[] = [
    { key: 'id', term: <Trans>订单号</Trans>, value: id },
    { key: 'createTime', term: <Trans>下单时间</Trans>, value: dateTimeText(order.createTime) },
    { key: 'payDueTime', term: <Trans>付款截止时间</Trans>, value: dateTimeText(order.payDueTime) },
    { key: 'modifyTime', term: <Trans>更新时间</Trans>, value: dateTimeText(order.modifyTime) },
    { key: 'deposit', term: <Trans>定金</Trans>, value: yen(order.deposit) },
    { key: 'balance', term: <Trans>尾款</Trans>, value: yen(order.balance) },
    { key: 'total', term: <Trans>合计</Trans>, value: yen(order.total) },
    { key: 'paid', term: <Trans>已付</Trans>, value: yen(order.paidAmount) },
    { key: 'refund', term: <Trans>退款金额</Trans>, value: yen(order.refundAmount) },
    { key: 'remark', term: <Trans>备注</Trans>, value: order.remark || '-', wide: true },
  ]
  const address = order.address ? orderAddressOf(order.address) : undefined
  // the deposit's latest attempt waits for the shopper's bank transfer
  const awaitedTransfer =
    order.status === OrderStatus.waitPay ? (order.payments.at(-1)?.transfer ?? null) : null
  const transferAmount = awaitedTransfer ? yen(awaitedTransfer.amount) : ''
  const transferReference = awaitedTransfer?.reference ?? '-'
  const parentId = order.parentId

  return (
    <article className={pageStack} aria-labelledby="order-title">
      <div className={pageHeader}>
        <div className={titleRow}>
          <h1 id="order-title" className={pageTitle}>
            <Trans>订单 {id}</Trans>
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <Link className={`${textLink} ${backLink}`} to="/order-list/list">
          <Trans>返回订单列表</Trans>
        </Link>
      </div>

      <OrderDeadlineBanner order={order} />

      {parentId !== null ? (
        <p className={muted}>
          <Trans>
            此订单拆分自订单{' '}
            <Link className={textLink} to="/order/$id" params={{ id: String(parentId) }}>
              {parentId}
            </Link>
          </Trans>
        </p>
      ) : null}

      {awaitedTransfer ? (
        <section className={section} aria-labelledby="order-transfer-title">
          <h2 id="order-transfer-title" className={sectionTitle}>
            <Trans>等待银行转账</Trans>
          </h2>
          <p role="status">
            <Trans>
              我们正在等待您的银行转账：{transferAmount}，参考号 {transferReference}
              。款项到账后订单即确认，请不要重复付款。
            </Trans>
          </p>
          <TransferDetails transfer={awaitedTransfer} />
        </section>
      ) : null}

      {order.status === OrderStatus.waitPay ? (
        <Suspense fallback={<PayPanelLoading />}>
          <OrderPayPanel orderId={order.id} onChanged={() => void router.invalidate()} />
        </Suspense>
      ) : null}

      {order.status === OrderStatus.arrival ? (
        // the anchor is there before the panel's chunk: the list's "Pay balance" lands on it
        <div id={PAY_BALANCE_ANCHOR}>
          <Suspense fallback={<PayPanelLoading />}>
            <FinalPayPanel order={order} onChanged={() => void router.invalidate()} />
          </Suspense>
        </div>
      ) : null}

      <section className={section} aria-labelledby="order-summary-title">
        <h2 id="order-summary-title" className={sectionTitle}>
          <Trans>订单信息</Trans>
        </h2>
        <dl className={facts}>
          {summary.map((fact) => (
            <div key={fact.key} className={fact.wide ? wide : undefined}>
              <dt className={term}>{fact.term}</dt>
              <dd className={value}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {order.arrivedAt || order.status === OrderStatus.cancel2 ? (
        <section className={section} aria-labelledby="order-deadlines-title">
          <h2 id="order-deadlines-title" className={sectionTitle}>
            <Trans>到货与期限</Trans>
          </h2>
          <OrderDeadlines order={order} />
        </section>
      ) : null}

      <section className={section} aria-labelledby="order-address-title">
        <h2 id="order-address-title" className={sectionTitle}>
          <Trans>收货信息</Trans>
        </h2>
        {address ? (
          <address className={addressBlock}>
            <p>
              {recipientNameIn(language, address)} {address.telephone}
            </p>
            <p>
              {fullAddressIn(language, address)} {address.postCode}
            </p>
          </address>
        ) : (
          <p className={muted}>
            <Trans>首次付款时选择收货地址。</Trans>
          </p>
        )}
      </section>

      {order.children.length > 0 ? (
        <section className={section} aria-labelledby="order-children-title">
          <h2 id="order-children-title" className={sectionTitle}>
            <Trans>子订单</Trans>
          </h2>
          <ChildOrderList orders={order.children} />
        </section>
      ) : null}

      <section className={section} aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className={sectionTitle}>
          <Trans>订单商品</Trans>
        </h2>
        <OrderLines lines={order.lines} />
      </section>

      <section className={section} aria-labelledby="order-payments-title">
        <h2 id="order-payments-title" className={sectionTitle}>
          <Trans>付款记录</Trans>
        </h2>
        <PaymentList payments={order.payments} />
      </section>
    </article>
  )
}
