import type { Language } from '../../domain/language.ts'
import type { CalendarEntryDto } from '../../domain/release-calendar.ts'
import { LOCALE_OF } from '../../lib/i18n.ts'

/** One day of the month with its entries, in the order the server sent them (release first). */
export interface CalendarDay {
  date: string
  entries: CalendarEntryDto[]
}

/** The entries (sorted by date) as days, each day once. */
export function groupByDay(entries: readonly CalendarEntryDto[]): CalendarDay[] {
  const days: CalendarDay[] = []
  for (const entry of entries) {
    const last = days.at(-1)
    if (last?.date === entry.date) last.entries.push(entry)
    else days.push({ date: entry.date, entries: [entry] })
  }
  return days
}

// Dates are shop days written YYYY-MM-DD: formatted at UTC midnight so no time zone moves them.
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`)

/** "2026年3月", "March 2026". */
export const monthLabel = (month: string, language: Language): string =>
  new Intl.DateTimeFormat(LOCALE_OF[language], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    utcDay(`${month}-01`),
  )

/** "3月14日周六", "Sat, March 14". */
export const dayLabel = (date: string, language: Language): string =>
  new Intl.DateTimeFormat(LOCALE_OF[language], {
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(utcDay(date))
