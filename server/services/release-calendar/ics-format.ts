/*
 * Writing iCalendar (RFC 5545) by hand: a feed holds all-day events only, so the little of the format
 * it needs is clearer here than through a library. Lines end in CRLF and are folded at 75 octets
 * without splitting a UTF-8 character (§3.1); TEXT values escape backslash, semicolon, comma and line
 * breaks (§3.3.11).
 */

export interface AllDayEvent {
  /** Stable across fetches, so a calendar app updates the event instead of adding another. */
  uid: string
  /** YYYY-MM-DD. */
  date: string
  summary: string
  url: string
}

const CRLF = '\r\n'
const MAX_OCTETS = 75

export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** One content line folded: continuation lines start with a space, every line ≤ 75 octets. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  // The first line holds 75 octets; each continuation 74 after its leading space.
  let limit = MAX_OCTETS
  for (const char of line) {
    const size = encoder.encode(char).length
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = MAX_OCTETS - 1
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join(`${CRLF} `)
}

const basicDate = (date: string) => date.replace(/-/g, '')

/** The day after a YYYY-MM-DD (an all-day event ends the next day, exclusive). */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

/** 20261130T091500Z */
const stamp = (now: Date) => `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

/** A whole VCALENDAR of all-day events, stamped `now`. */
export function icsCalendar(input: { name: string; events: AllDayEvent[]; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Yoyaku//Release calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...input.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp(input.now)}`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `URL:${event.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join(CRLF) + CRLF
}
