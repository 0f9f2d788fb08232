import { isCalendarDate } from './dates.ts'
import { mulCeil, type Ratio, scaleRatio } from './ratio.ts'

/**
 * Deadlines after goods reach the warehouse (spec §9), counted in shop calendar days (Tokyo,
 * `YYYY-MM-DD`; see dates.ts). "Within 30 days" of an arrival on the 1st means by the end of the
 * 31st: the deadline day itself is still on time.
 */
export const BALANCE_DUE_DAYS = 30
export const PACKAGING_REQUEST_DAYS = 45
export const SHIPPING_FEE_DAYS = 7

/**
 * Days after a missed deadline before the goods are forfeited. The spec says overdue goods are
 * forfeited but also charges a late fee per day after the balance is due, so there must be a window
 * between the two; 15 days makes the balance's last day the packaging deadline (30 + 15 = 45).
 */
export const FORFEIT_GRACE_DAYS = 15

/** A deadline this many days away or fewer is "due soon": banners, the tips dialog and reminders. */
export const DUE_SOON_DAYS = 3

/** Late fee per day after the balance is due: 0.5 % of the goods value (spec §9), kept exact. */
export const LATE_FEE_PER_DAY: Ratio = { num: 5n, den: 1000n }

const DAY_MS = 86_400_000

function dayNumber(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`not a YYYY-MM-DD calendar date: ${date}`)
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d) / DAY_MS
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10)
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

export const balanceDueDate = (arrivalDate: string): string => addDays(arrivalDate, BALANCE_DUE_DAYS)
export const packagingDeadline = (arrivalDate: string): string => addDays(arrivalDate, PACKAGING_REQUEST_DAYS)
export const shippingFeeDeadline = (packedDate: string): string => addDays(packedDate, SHIPPING_FEE_DAYS)
/** The last day a missed deadline can still be settled; the goods are forfeited the day after. */
export const forfeitureDate = (deadline: string): string => addDays(deadline, FORFEIT_GRACE_DAYS)

export type DeadlineState = 'onTime' | 'dueSoon' | 'overdue' | 'forfeited'

export interface DeadlineStatus {
  state: DeadlineState
  /** Days until the deadline: 0 on the day itself, negative once it has passed. */
  daysLeft: number
}

/** One classification for banners, the tips dialog and push reminders. `today` is the shop date. */
export function classifyDeadline(deadline: string, today: string): DeadlineStatus {
  const daysLeft = daysBetween(today, deadline)
  if (daysLeft > DUE_SOON_DAYS) return { state: 'onTime', daysLeft }
  if (daysLeft >= 0) return { state: 'dueSoon', daysLeft }
  if (-daysLeft <= FORFEIT_GRACE_DAYS) return { state: 'overdue', daysLeft }
  return { state: 'forfeited', daysLeft }
}

/** Whole days past the balance due date that incur a late fee: none before or on it, at most the grace window. */
export function lateDays(balanceDue: string, today: string): number {
  return Math.min(Math.max(daysBetween(balanceDue, today), 0), FORFEIT_GRACE_DAYS)
}

/**
 * Late fee on an unpaid balance: 0.5 % of the goods value for each late day, computed on the whole
 * period at once and rounded up to the yen once (never a rounding per day, which would compound).
 * Goods value is the order's discounted goods, fees excluded.
 */
export function lateFee(goodsValue: number, balanceDue: string, today: string): number {
  const days = lateDays(balanceDue, today)
  return mulCeil(goodsValue, scaleRatio(LATE_FEE_PER_DAY, BigInt(days)))
}
