import { addDays } from './deadlines.ts'
import { DEFAULT_SCORE_RATE } from './pricing.ts'
import { decimalText, ratioOf } from './ratio.ts'

/*
 * Tier terms for the server's monthly tier job and payInfo: shop months, and the rate that applies on a
 * day. Apart from tiers.ts so that the tier label every page may show does not bring the deadline and
 * pricing rules into the first load.
 */

/* Shop months. Tokyo keeps +09:00 all year (no daylight saving), so a shop day starts at a fixed offset. */

/** A shop month, named by its first day: `2026-11-01`. */
export type ShopMonth = string

const MONTH_START = /^(\d{4})-(\d{2})-01$/

function monthParts(month: ShopMonth): [year: number, month: number] {
  const match = MONTH_START.exec(month)
  const [year, number] = [Number(match?.[1]), Number(match?.[2])]
  if (!match || number < 1 || number > 12) throw new RangeError(`not the first day of a month: ${month}`)
  return [year, number]
}

const monthName = (year: number, month: number): ShopMonth =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`

/** The shop month `today` (a shop date, YYYY-MM-DD) falls in. */
export function shopMonthOf(today: string): ShopMonth {
  const month = `${today.slice(0, 7)}-01`
  monthParts(month)
  return month
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: ShopMonth, count: number): ShopMonth {
  const [year, number] = monthParts(month)
  const index = year * 12 + (number - 1) + count
  return monthName(Math.floor(index / 12), (index % 12) + 1)
}

/** The last shop day of a month: `2026-11-30` for `2026-11-01`. */
export function lastDayOfMonth(month: ShopMonth): string {
  return addDays(addMonths(month, 1), -1)
}

/** The instants a shop month spans: from its first day's start (inclusive) to the next month's (exclusive). */
export function shopMonthSpan(month: ShopMonth): { from: Date; to: Date } {
  const startOf = (first: ShopMonth) => new Date(`${first}T00:00:00+09:00`)
  return { from: startOf(month), to: startOf(addMonths(month, 1)) }
}

/** A member's rate and tier end as stored (users.score_rate, users.score_time). */
export interface StoredTier {
  /** Decimal string; null = the shop's default. */
  scoreRate: string | null
  /** The tier's last shop day; null = no end. */
  scoreTime: string | null
}

/** The rate and tier end that apply on a shop day. */
export interface EffectiveTier {
  scoreRate: number
  scoreTime: string | null
}

/**
 * What a member earns on `today` (a shop date): their own rate through `scoreTime` (inclusive). Once
 * it has passed, before the monthly job sets the next tier, they are back at the default rate (level
 * 1), which has no end. No rate, or an unreadable one, is the default too.
 */
export function effectiveTier(stored: StoredTier, today: string): EffectiveTier {
  if (stored.scoreTime !== null && today > stored.scoreTime)
    return { scoreRate: DEFAULT_SCORE_RATE, scoreTime: null }
  const own = stored.scoreRate === null ? Number.NaN : Number(stored.scoreRate)
  const readable = Number.isFinite(own) && own >= 0
  return { scoreRate: readable ? own : DEFAULT_SCORE_RATE, scoreTime: stored.scoreTime }
}

/** A rate as the exact decimal string the database keeps: 0.015 → '0.015'. */
export function scoreRateText(rate: number): string {
  return decimalText(ratioOf(rate))
}
