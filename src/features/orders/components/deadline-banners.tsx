import { Plural, Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { ReminderBanner } from '../../../components/ui/reminder-banner.tsx'
import { balanceOwed } from '../../../domain/arrival.ts'
import { BALANCE_DUE_DAYS, daysBetween, FORFEIT_GRACE_DAYS } from '../../../domain/deadlines.ts'
import { OrderStatus } from '../../../domain/order-status.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { PAY_BALANCE_ANCHOR } from '../../final-payment/pay-balance-anchor.ts'
import { deadlineStateOf, lateFeeRateText, shopToday } from './order-deadlines.tsx'

const actionLink = css({
  flex: 'none',
  color: 'inherit',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const banners = css({ display: 'flex', flexDirection: 'column', gap: '2' })

/** The link to the balance payment of an order: its page's pay-balance panel. */
export function PayBalanceLink(props: { orderId: number; className?: string; describedBy?: string }) {
  return (
    <Link
      className={props.className ?? actionLink}
      to="/order/$id"
      params={{ id: String(props.orderId) }}
      hash={PAY_BALANCE_ANCHOR}
      aria-describedby={props.describedBy}
    >
      <Trans>支付尾款</Trans>
    </Link>
  )
}

/** Whether a balance can still be paid: in 5 arrival and not past forfeiture. */
export function canPayBalance(order: OrderDto): boolean {
  return order.status === OrderStatus.arrival && order.deadlineState !== 'forfeited'
}

/**
 * The order list's reminders (spec §2 'Reminder banners'): balances due, and those overdue with the
 * late fee and forfeiture rules. `count` and `overCount` are the final count's (overdue ones among the
 * due); the due banner counts the ones not yet overdue, so no balance is counted twice.
 */
export function BalanceBanners({ count, overCount }: { count: number; overCount: number }) {
  const due = Math.max(count - overCount, 0)
  if (due === 0 && overCount === 0) return null
  const days = BALANCE_DUE_DAYS
  const grace = FORFEIT_GRACE_DAYS
  const rate = lateFeeRateText
  const showDue = (
    <Link className={actionLink} to="/order-list/list" search={{ pageNum: 1, status: OrderStatus.arrival }}>
      <Trans>查看待付尾款的订单</Trans>
    </Link>
  )
  return (
    <div className={banners}>
      {overCount > 0 ? (
        <ReminderBanner
          state="overdue"
          title={<Plural value={overCount} other="# 笔尾款已逾期" />}
          action={showDue}
        >
          <Trans>
            逾期每天按商品金额的 {rate} 收取滞纳金，需与尾款一并支付；逾期超过 {grace}{' '}
            天仍未付清，货物将被没收。
          </Trans>
        </ReminderBanner>
      ) : null}
      {due > 0 ? (
        <ReminderBanner
          state="onTime"
          title={<Plural value={due} other="# 笔尾款待支付" />}
          action={overCount > 0 ? undefined : showDue}
        >
          <Trans>请在到货后 {days} 天内付清尾款，逾期将收取滞纳金。</Trans>
        </ReminderBanner>
      ) : null}
    </div>
  )
}

/**
 * One order's reminder on its page (spec §2 'Reminder banners'): a balance due soon, a balance overdue
 * with the late fee so far and the forfeiture date, or goods forfeited. Nothing while the balance is
 * not yet due soon, or for an order without a balance to pay.
 */
export function OrderDeadlineBanner({ order }: { order: OrderDto }) {
  const language = useLanguage()
  const state = deadlineStateOf(order)
  const yen = (amount: number) => formatYen(amount, language)
  if (order.status === OrderStatus.cancel2) {
    return (
      <ReminderBanner state="forfeited" title={<Trans>货物已没收</Trans>}>
        <Trans>此订单未在期限内处理，货物已被没收，已付款项不予退还。</Trans>
      </ReminderBanner>
    )
  }
  if (order.status !== OrderStatus.arrival || !order.balanceDue) return null
  const balanceDue = order.balanceDue
  const owed = yen(balanceOwed(order))
  const forfeitAt = order.forfeitAt ?? ''
  const rate = lateFeeRateText
  const pay = <PayBalanceLink orderId={order.id} />
  if (state === 'forfeited') {
    const grace = FORFEIT_GRACE_DAYS
    return (
      <ReminderBanner state="forfeited" title={<Trans>货物已没收</Trans>}>
        <Trans>
          尾款逾期超过 {grace} 天未付，货物已于 {forfeitAt} 被没收，不能再支付尾款。
        </Trans>
      </ReminderBanner>
    )
  }
  if (state === 'overdue') {
    const daysLate = Math.max(daysBetween(balanceDue, shopToday()), 1)
    const fee = yen(order.lateFee)
    return (
      <ReminderBanner
        state="overdue"
        title={<Plural value={daysLate} other="尾款已逾期 # 天" />}
        action={pay}
      >
        <Trans>
          已产生滞纳金 {fee}（每天按商品金额的 {rate} 计），需与尾款 {owed} 一并支付；货物将于 {forfeitAt}{' '}
          被没收。
        </Trans>
      </ReminderBanner>
    )
  }
  if (state === 'dueSoon') {
    return (
      <ReminderBanner state="dueSoon" title={<Trans>尾款即将到期</Trans>} action={pay}>
        <Trans>
          请最迟于 {balanceDue} 支付尾款 {owed}，逾期每天按商品金额的 {rate} 收取滞纳金。
        </Trans>
      </ReminderBanner>
    )
  }
  return null
}
