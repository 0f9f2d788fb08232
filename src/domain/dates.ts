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
