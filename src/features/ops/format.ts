import { shopDateTime as shopTime } from '../../domain/date-time.ts'
import { shopDate } from '../../domain/dates.ts'

/** `2026-11-23 15:28` in shop time (the warehouse and the suppliers run on Tokyo time); '—' when missing. */
export function shopDateTime(value: string | null | undefined): string {
  if (!value) return '—'
  return shopTime(value) ?? value
}

/** Today's shop date (Tokyo), `YYYY-MM-DD`: the latest day an arrival may be booked on. */
export function shopToday(): string {
  return shopDate(new Date()) ?? ''
}

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000

/** An instant as a datetime-local value in Tokyo time (UTC+9, no daylight saving): `2027-01-15T23:59`. */
export function tokyoLocalOf(instant: string | null): string {
  if (!instant) return ''
  const at = Date.parse(instant)
  return Number.isNaN(at) ? '' : new Date(at + TOKYO_OFFSET_MS).toISOString().slice(0, 16)
}

/** A datetime-local value read as Tokyo time, as ISO 8601 with its offset: `2027-01-15T23:59:00+09:00`. */
export function instantOfTokyoLocal(local: string): string | null {
  const text = local.trim()
  if (text === '') return null
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00+09:00` : text
}
