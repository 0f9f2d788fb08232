import { t } from '@lingui/core/macro'
import { isCalendarDate } from '../../domain/dates.ts'
import type { Language } from '../../domain/language.ts'
import { canOrderTransition, ORDER_STATUS_INFO, OrderStatus } from '../../domain/order-status.ts'
import type { OpsOrderDetailDto } from '../../domain/orders.ts'
import { ValidationMessage } from '../../domain/validation-messages.ts'
import { validationText } from '../../lib/validation-text.ts'
import { failureText } from './components/load-state.tsx'
import { movedTo } from './refusal.ts'

/* Arrival and split on the console: who may, and what happened, in words (flows §1, §4, §7). */

/**
 * Whether goods of an order in this status can arrive (3 or 4 → 5, or → 6 when paid in full). Asked
 * of 5 only: 5 → 6 is the balance being paid, not an arrival.
 */
export function canArrive(status: OrderStatus): boolean {
  return canOrderTransition(status, OrderStatus.arrival)
}

/** Whether the order can be split: the flow allows it (3, 4 → 0) and there are two lines or more. */
export function canSplit(order: { status: OrderStatus; lines: readonly unknown[] }): boolean {
  return canOrderTransition(order.status, OrderStatus.split) && order.lines.length >= 2
}

/**
 * The client's own check of an arrival date, before asking: a real date, not after today in shop time.
 * The server checks again (and whether the date is so old that the goods would be forfeited).
 */
export function arrivalDateError(date: string, today: string): string | undefined {
  if (date === '') return validationText(ValidationMessage.required)
  if (!isCalendarDate(date)) return validationText(ValidationMessage.date)
  if (date > today) return validationText(ValidationMessage.notInFuture)
  return undefined
}

/** What became of an order whose arrival was booked: the order (or the child that arrived) and its deadline. */
export function arrivalOutcomeText(
  requestedId: number,
  arrived: OpsOrderDetailDto,
  language: Language,
): string {
  const status = ORDER_STATUS_INFO[arrived.status].label[language]
  const day = arrived.arrivedAt ?? '—'
  const what =
    arrived.status === OrderStatus.arrival
      ? t`订单 ${arrived.id} 已到仓（${day}），状态“${status}”，尾款截止 ${arrived.balanceDue ?? '—'}。`
      : arrived.status === OrderStatus.finalPay
        ? t`订单 ${arrived.id} 已到仓（${day}），已付清，状态“${status}”，打包申请截止 ${arrived.packagingDeadline ?? '—'}。`
        : t`订单 ${arrived.id} 已到仓（${day}），状态“${status}”。`
  return arrived.id === requestedId ? what : t`订单 ${requestedId} 已拆分：${what}`
}

/** Why an arrival or a split was refused: someone moved the order (409 with its status), or the server's words. */
export function orderRefusalText(error: unknown, language: Language): string {
  const now = movedTo(error)
  if (now !== undefined) {
    return t`订单现在是“${ORDER_STATUS_INFO[now].label[language]}”，不能进行此操作。`
  }
  return failureText(error) ?? t`操作失败，请稍后再试`
}
