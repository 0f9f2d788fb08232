import { SHOP_TIME_ZONE } from '../../domain/dates.ts'

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** `2026-11-23 15:28` in shop time (the warehouse and the suppliers run on Tokyo time); '—' when missing. */
export function shopDateTime(value: string | null | undefined): string {
  if (!value) return '—'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const part = Object.fromEntries(parts.formatToParts(date).map((entry) => [entry.type, entry.value]))
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}
