import { Plural, Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { deadlineTextTone } from '../../../components/ui/reminder-banner.tsx'
import { shopDate } from '../../../domain/dates.ts'
import { type DeadlineState, daysBetween, LATE_FEE_PER_DAY } from '../../../domain/deadlines.ts'
import { OrderStatus } from '../../../domain/order-status.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'

const list = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))',
  fontSize: 'sm',
})
const term = css({ color: 'text.muted', fontSize: 'xs' })
const value = css({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' })
const emphasis = css({ fontWeight: 'semibold' })
const note = css({ display: 'block', fontSize: 'xs', color: 'text.muted' })

/** Today in the shop's calendar (Tokyo), for "N days left": the dates themselves come from the server. */
export function shopToday(): string {
  return shopDate(new Date()) ?? ''
}

/** The late fee's daily rate as the shopper reads it: `0.5%`. */
export const lateFeeRateText = `${(Number(LATE_FEE_PER_DAY.num) * 100) / Number(LATE_FEE_PER_DAY.den)}%`

/** "N days left", "due today" or "N days overdue" for a deadline (a shop date), counted from today. */
export function DaysLeft({ deadline, today }: { deadline: string; today: string }) {
  const daysLeft = daysBetween(today, deadline)
  if (daysLeft === 0) return <Trans>今天截止</Trans>
  if (daysLeft > 0) return <Plural value={daysLeft} other="还剩 # 天" />
  const daysLate = -daysLeft
  return <Plural value={daysLate} other="已逾期 # 天" />
}

interface DeadlineFact {
  key: string
  term: ReactNode
  value: ReactNode
  /** The colour of the deadline's state; none for a plain date. */
  state?: DeadlineState
}

/** The state an order's deadlines show in: the server's for the open deadline; forfeited goods are grey. */
export function deadlineStateOf(order: OrderDto): DeadlineState | null {
  return order.status === OrderStatus.cancel2 ? 'forfeited' : order.deadlineState
}

/**
 * An arrived order's dates (flows §4, from the server; never recomputed here): the arrival, the
 * balance due date while in 5 arrival (with the days left or overdue and the late fee so far), the
 * packaging deadline while in 6 finalPay, and the day the goods are forfeited; for 15 cancel2 that
 * they were. Each in its deadline's colour, always with words saying the same. Nothing for an order
 * whose goods have not arrived.
 */
export function OrderDeadlines({ order, className }: { order: OrderDto; className?: string }) {
  const language = useLanguage()
  const forfeited = order.status === OrderStatus.cancel2
  if (!order.arrivedAt && !forfeited) return null
  const today = shopToday()
  const state = deadlineStateOf(order) ?? undefined
  const facts: DeadlineFact[] = []

  if (order.arrivedAt) facts.push({ key: 'arrivedAt', term: <Trans>到货日期</Trans>, value: order.arrivedAt })
  if (order.status === OrderStatus.arrival && order.balanceDue) {
    facts.push({
      key: 'balanceDue',
      term: <Trans>尾款截止日期</Trans>,
      value: <DueDate date={order.balanceDue} today={today} />,
      state: state ?? 'onTime',
    })
  }
  if (order.status === OrderStatus.arrival && order.lateFee > 0) {
    const rate = lateFeeRateText
    facts.push({
      key: 'lateFee',
      term: <Trans>滞纳金（截至今日）</Trans>,
      value: (
        <>
          <span className={emphasis}>{formatYen(order.lateFee, language)}</span>
          <span className={note}>
            <Trans>每天按商品金额的 {rate} 计</Trans>
          </span>
        </>
      ),
      state: 'overdue',
    })
  }
  if (order.status === OrderStatus.finalPay && order.packagingDeadline) {
    facts.push({
      key: 'packagingDeadline',
      term: <Trans>申请打包截止日期</Trans>,
      value: <DueDate date={order.packagingDeadline} today={today} />,
      state: state ?? 'onTime',
    })
  }
  const forfeitAt = order.forfeitAt
  if (forfeitAt) {
    facts.push({
      key: 'forfeitAt',
      term: <Trans>没收日期</Trans>,
      value:
        state === 'forfeited' ? (
          <Trans>货物已于 {forfeitAt} 被没收</Trans>
        ) : (
          <Trans>逾期未处理的货物将于 {forfeitAt} 被没收</Trans>
        ),
      // a date still far off is information, not a warning
      state: state === 'onTime' ? undefined : state,
    })
  }
  if (forfeited) {
    facts.push({
      key: 'forfeited',
      term: <Trans>货物</Trans>,
      value: <Trans>已没收（逾期未处理）</Trans>,
      state: 'forfeited',
    })
  }

  return (
    <dl className={cx(list, className)} data-deadline-state={state}>
      {facts.map((fact) => (
        <div key={fact.key} data-fact={fact.key} data-state={fact.state}>
          <dt className={term}>{fact.term}</dt>
          <dd className={cx(value, fact.state && deadlineTextTone[fact.state])}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A deadline's date and, after it, how far off or how late it is. */
function DueDate({ date, today }: { date: string; today: string }) {
  return (
    <>
      {date}
      <span aria-hidden="true"> · </span>
      <span className={emphasis}>
        <DaysLeft deadline={date} today={today} />
      </span>
    </>
  )
}
