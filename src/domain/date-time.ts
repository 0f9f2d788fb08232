import { SHOP_TIME_ZONE } from './dates.ts'

// sv-SE writes an instant as `2026-12-01 09:30`: the shape every date-time of the shop is shown in.
const ymdHm = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})

/**
 * `2026-12-01 09:30` for an instant, in shop time; undefined for a missing or unreadable value (each
 * page says "none" its own way). Kept apart from dates.ts, which every first load carries.
 */
export function shopDateTime(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : ymdHm.format(date)
}
