import * as v from 'valibot'
import { orRequired } from './fields.ts'
import { ValidationMessage } from './validation-messages.ts'

/** The shop runs on Japan time: deadlines and dates shown to shoppers are Tokyo calendar days. */
export const SHOP_TIME_ZONE = 'Asia/Tokyo'

const ymd = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** `2026-12-31` for an instant, in shop time; undefined for a missing or unreadable value. */
export function shopDate(value: string | Date | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return undefined
  return ymd.format(date)
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** Whether a string is a real calendar day written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

export const calendarDateSchema = v.pipe(
  v.string(orRequired(ValidationMessage.date)),
  v.trim(),
  v.check(isCalendarDate, ValidationMessage.date),
)
