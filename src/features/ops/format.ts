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
