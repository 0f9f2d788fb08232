import { stringify } from 'csv-stringify/sync'
import { and, count, desc, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import {
  AUDIT_CSV_COLUMNS,
  type AuditEntryDto,
  type AuditFiltersDto,
  type AuditListQuery,
  auditTimeRange,
  JOBS_ACTOR_ID,
} from '../../../src/domain/audit.ts'
import type { Page } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { auditLog, users } from '../../db/schema.ts'
import { escapeFormula, shopInstant } from '../product-files/product-file-columns.ts'

/*
 * Reading the audit trail (backoffice §5): GET /api/ops/audit, its CSV export and the filters' choices.
 * Nothing here writes: the log is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */

type AuditFilter = Omit<AuditListQuery, 'pageNum' | 'pageSize' | 'format'>

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.actorId !== undefined) {
    conditions.push(
      filter.actorId === JOBS_ACTOR_ID ? isNull(auditLog.actorId) : eq(auditLog.actorId, filter.actorId),
    )
  }
  if (filter.entity !== undefined) conditions.push(eq(auditLog.entity, filter.entity))
  if (filter.entityId !== undefined) conditions.push(eq(auditLog.entityId, filter.entityId))
  const range = auditTimeRange(filter.from, filter.to)
  if (range.from) conditions.push(gte(auditLog.createdAt, range.from))
  if (range.before) conditions.push(lt(auditLog.createdAt, range.before))
  if (range.until) conditions.push(lte(auditLog.createdAt, range.until))
  return conditions.length > 0 ? and(...conditions) : undefined
}

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorEmail: users.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  reason: auditLog.reason,
}

/** A row as read: the entry with the stored instant instead of its text. */
type EntryRow = Omit<AuditEntryDto, 'at'> & { createdAt: Date }

const entryOf = ({ createdAt, ...row }: EntryRow): AuditEntryDto => ({
  id: row.id,
  at: createdAt.toISOString(),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
  reason: row.reason,
})

/** GET /api/ops/audit: one page of the filtered trail, newest first. */
export async function listAudit(db: Db, query: AuditListQuery): Promise<Page<AuditEntryDto>> {
  const { pageNum, pageSize } = query
  const where = whereOf(query)
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where)
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
  return { list: rows.map(entryOf), total: counted?.total ?? 0, pageNum, pageSize }
}

/**
 * GET /api/ops/audit/filters: the accounts and entities the trail names. Each is a walk over its index
 * (one probe per distinct value), so it stays quick however long the trail grows.
 */
export async function auditFilters(db: Db): Promise<AuditFiltersDto> {
  const actorRows = (await db.execute(sql`
    with recursive actor as (
      (select actor_id from audit_log where actor_id is not null order by actor_id limit 1)
      union all
      select (select a.actor_id from audit_log a where a.actor_id > actor.actor_id order by a.actor_id limit 1)
      from actor where actor.actor_id is not null
    )
    select actor.actor_id as id, users.email as email
    from actor left join users on users.id = actor.actor_id
    where actor.actor_id is not null
    order by users.email nulls last, actor.actor_id`)) as unknown as {
    rows: { id: number; email: string | null }[]
  }
  const entityRows = (await db.execute(sql`
    with recursive found as (
      (select entity from audit_log order by entity limit 1)
      union all
      select (select a.entity from audit_log a where a.entity > found.entity order by a.entity limit 1)
      from found where found.entity is not null
    )
    select entity from found where entity is not null order by entity`)) as unknown as {
    rows: { entity: string }[]
  }
  return {
    actors: actorRows.rows.map((row) => ({ id: Number(row.id), email: row.email })),
    entities: entityRows.rows.map((row) => row.entity),
  }
}

/** Rows read per query while exporting. */
const EXPORT_BATCH = 500

const jsonCell = (value: unknown) => escapeFormula(JSON.stringify(value ?? null))
const textCell = (value: string | null) => (value === null ? '' : escapeFormula(value))

function csvRecords(rows: readonly (EntryRow & { cursor: string })[]): (string | number)[][] {
  return rows.map((row) => [
    row.id,
    shopInstant(row.createdAt),
    row.actorId ?? '',
    textCell(row.actorEmail),
    textCell(row.action),
    textCell(row.entity),
    textCell(row.entityId),
    textCell(row.reason),
    jsonCell(row.before),
    jsonCell(row.after),
  ])
}

/**
 * `GET /api/ops/audit?format=csv`: every filtered row, newest first, as UTF-8 CSV with a BOM (Excel
 * reads it as UTF-8), CRLF and a header, streamed a batch at a time. The batches follow the order by
 * (created_at, id) from where the last one ended, so rows written meanwhile (newer) never shift them.
 * Texts a spreadsheet would run as a formula get a leading `'` (as the product export does).
 */
export function exportAuditCsv(db: Db, filter: AuditFilter): ReadableStream<Uint8Array> {
  const where = whereOf(filter)
  const encoder = new TextEncoder()
  let cursor: { at: string; id: number } | undefined
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const after = cursor
        ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
        : undefined
      const rows = await db
        .select({ ...entryColumns, cursor: sql<string>`${auditLog.createdAt}::text` })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(where, after))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(EXPORT_BATCH)
      const records = csvRecords(rows)
      const text = stringify(started ? records : [[...AUDIT_CSV_COLUMNS], ...records], {
        bom: !started,
        record_delimiter: 'windows',
      })
      started = true
      if (text) controller.enqueue(encoder.encode(text))
      const last = rows.at(-1)
      if (rows.length < EXPORT_BATCH || !last) {
        controller.close()
        return
      }
      cursor = { at: last.cursor, id: last.id }
    },
  })
}
