import * as v from 'valibot'
import { isCalendarDate, SHOP_TIME_ZONE } from './dates.ts'
import { optionalQueryValue, pageQuery, wholeNumber } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/*
 * The audit trail (backoffice §5): every console change, who made it, the state before and after and
 * the reason given. Append-only; the console reads, filters and exports it.
 */

/** The phrases the audit calls report after a field name (the console translates each). */
export const AuditMessage = {
  instant: 'must be a date YYYY-MM-DD or a date and time (ISO 8601)',
  text: 'must be at most 100 characters',
  format: 'must be csv',
  toBeforeFrom: 'must not be before from',
} as const

/** One row of the trail as GET /api/ops/audit answers it. */
export interface AuditEntryDto {
  id: number
  /** ISO instant. */
  at: string
  /** The operator; null for the shop's own jobs. */
  actorId: number | null
  /** The operator's e-mail; null for a job or an account that no longer exists. */
  actorEmail: string | null
  /** `<entity>.<verb>`: 'settings.rate', 'order.refund' … */
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
  reason: string | null
}

/** GET /api/ops/audit/filters: who and what the trail holds, for the room's filters. */
export interface AuditFiltersDto {
  /** Every account that made a change, by e-mail (null when the account is gone). */
  actors: { id: number; email: string | null }[]
  /** Every entity named in the trail, in alphabetical order. */
  entities: string[]
}

/** `actorId=0` asks for the shop's own jobs' rows (no operator). */
export const JOBS_ACTOR_ID = 0

/** A bound of the time filter: a whole shop day (Tokyo), or one instant. */
export type AuditTimeBound = { kind: 'day'; day: string } | { kind: 'instant'; at: Date }

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/

/** A day `YYYY-MM-DD` or an ISO 8601 date and time; one without an offset is read in shop time. */
export function auditTimeBoundOf(text: string): AuditTimeBound | undefined {
  const trimmed = text.trim()
  if (isCalendarDate(trimmed)) return { kind: 'day', day: trimmed }
  const match = TIMESTAMP.exec(trimmed)
  if (!match?.[1] || !isCalendarDate(match[1])) return undefined
  const at = new Date(match[2] ? trimmed : `${trimmed}+09:00`)
  return Number.isNaN(at.getTime()) ? undefined : { kind: 'instant', at }
}

/** The first instant of a shop day: Tokyo keeps +09:00 all year. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+09:00`)
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The instants a filter keeps: from the start of `from` (its day's first instant, or the instant),
 * up to and including `to`: a day means through the end of that day in Tokyo.
 */
export function auditTimeRange(
  from: AuditTimeBound | undefined,
  to: AuditTimeBound | undefined,
): { from?: Date; before?: Date; until?: Date } {
  const range: { from?: Date; before?: Date; until?: Date } = {}
  if (from) range.from = from.kind === 'day' ? dayStart(from.day) : from.at
  if (to?.kind === 'day') range.before = new Date(dayStart(to.day).getTime() + DAY_MS)
  if (to?.kind === 'instant') range.until = to.at
  return range
}

const timeBound = v.pipe(
  v.string(AuditMessage.instant),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const bound = auditTimeBoundOf(dataset.value)
    if (bound) return bound
    addIssue({ message: AuditMessage.instant })
    return NEVER
  }),
)

const filterText = v.pipe(
  v.string(ValidationMessage.text),
  v.trim(),
  v.maxLength(100, AuditMessage.text),
  v.transform((text) => text || undefined),
)

/** The earliest instant a bound allows, to compare `from` with `to`. */
const earliest = (bound: AuditTimeBound) => (bound.kind === 'day' ? dayStart(bound.day) : bound.at)
const latest = (bound: AuditTimeBound) =>
  bound.kind === 'day' ? new Date(dayStart(bound.day).getTime() + DAY_MS - 1) : bound.at

/** GET /api/ops/audit: the filters, the page, and `format=csv` for every filtered row as a file. */
export const auditListQuery = v.pipe(
  v.object({
    ...pageQuery.entries,
    actorId: optionalQueryValue(wholeNumber(0, 999_999_999)),
    entity: optionalQueryValue(filterText),
    entityId: optionalQueryValue(filterText),
    from: optionalQueryValue(timeBound),
    to: optionalQueryValue(timeBound),
    format: optionalQueryValue(v.picklist(['csv'], AuditMessage.format)),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      ({ from, to }) => from === undefined || to === undefined || latest(to) >= earliest(from),
      AuditMessage.toBeforeFrom,
    ),
    ['to'],
  ),
)
export type AuditListQuery = v.InferOutput<typeof auditListQuery>

/** The header of the CSV export, in the order of its columns. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actorId',
  'actorEmail',
  'action',
  'entity',
  'entityId',
  'reason',
  'before',
  'after',
] as const

// sv-SE writes `2026-12-01 09:30:15`.
const ymdHms = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** `2026-12-01 09:30:15` in shop time, for a row of the trail; the text itself when unreadable. */
export function auditTimeText(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : ymdHms.format(date)
}

/** One changed value: its dotted path, and what it was and became (undefined: absent on that side). */
export interface AuditChange {
  key: string
  before: unknown
  after: unknown
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The leaves of a JSON value by dotted path; arrays and empty objects are leaves. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into)
    }
    return
  }
  into.set(prefix, value)
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))

/**
 * What a change changed: every leaf (nested objects flattened to dotted paths, arrays compared whole)
 * that differs between `before` and `after`, in the order the keys first appear. A created thing
 * (before null) lists all of `after`; a removed one all of `before`. Two plain values compare as one
 * change with the key ''.
 */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const old = new Map<string, unknown>()
  const now = new Map<string, unknown>()
  if (before !== null && before !== undefined) flatten(before, '', old)
  if (after !== null && after !== undefined) flatten(after, '', now)
  const keys = [...old.keys(), ...[...now.keys()].filter((key) => !old.has(key))]
  const changes: AuditChange[] = []
  for (const key of keys) {
    const was = old.get(key)
    const is = now.get(key)
    if (old.has(key) && now.has(key) && sameValue(was, is)) continue
    changes.push({ key, before: was, after: is })
  }
  return changes
}

/** Items of an array shown before the rest is counted. */
const ARRAY_ITEMS_SHOWN = 20

/**
 * A value of a change, compactly: text as it is, numbers and booleans written out, `null`, arrays as
 * `[a, b, c]` (the first twenty, then `… +n`), objects as JSON. Undefined (absent) is ''.
 */
export function auditValueText(value: unknown): string {
  if (value === undefined) return ''
  if (value === null) return 'null'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) {
    const shown = value
      .slice(0, ARRAY_ITEMS_SHOWN)
      .map((item) => (typeof item === 'string' ? item : (JSON.stringify(item) ?? 'null')))
    const more = value.length - shown.length
    return `[${shown.join(', ')}${more > 0 ? `, … +${more}` : ''}]`
  }
  return JSON.stringify(value) ?? ''
}
