import { sql } from 'drizzle-orm'
import { ProductImportMessage } from '../../../src/domain/product-files.ts'
import {
  type ImportResultDto,
  PRODUCT_FILE_FIELDS,
  type ProductFileFields,
} from '../../../src/domain/product-import.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts'
import { brands, products, series } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { notifyCatalogChanged } from '../catalog-changes.ts'
import { writeAudit } from '../ops/audit.ts'
import { type ImportPlan, type PlannedRow, planImport } from './import-plan.ts'
import { readProductFile } from './product-file-read.ts'

/*
 * POST /api/ops/products/import (backoffice §2 'Import'). A dry run reports what the file would do;
 * otherwise the file is applied all or nothing in one transaction: any error answers 400 with the
 * same report and writes nothing. Rows are written set-based, a batch of rows a statement.
 */

const PREVIEW_ROWS = 1000
const BATCH_ROWS = 1000
/** Serialises imports: two at once would each plan against rows the other is changing. */
const IMPORT_LOCK = 7_140_026

export interface ImportRequest {
  bytes: Uint8Array
  dryRun: boolean
  actorId: number
  at: Date
}

export async function importProducts(db: Db, request: ImportRequest): Promise<ImportResultDto> {
  const sheet = await readProductFile(request.bytes)
  const csv = !(request.bytes[0] === 0x50 && request.bytes[1] === 0x4b)
  const rows = sheet.rows.length
  if (request.dryRun) return resultOf(await planImport(db, sheet, { csv, lock: false }), rows, true)
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
      const plan = await planImport(tx, sheet, { csv, lock: true })
      const result = resultOf(plan, rows, false)
      if (plan.errors.length > 0) {
        throw new ApiError(ResultCode.invalidInput, `file: ${ProductImportMessage.hasErrors}`, result)
      }
      await applyPlan(tx, plan, request)
      return result
    })
  } catch (error) {
    // Someone created one of the file's item numbers while it was read.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new ApiError(ResultCode.conflict, `file: ${ProductImportMessage.createdMeanwhile}`)
    }
    throw error
  }
}

function resultOf(plan: ImportPlan, rows: number, dryRun: boolean): ImportResultDto {
  const count = (outcome: PlannedRow['outcome']) => plan.rows.filter((row) => row.outcome === outcome).length
  return {
    rows,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    createdSeries: [...plan.newSeries.values()],
    createdBrands: [...plan.newBrands.values()],
    errors: plan.errors,
    preview: plan.rows
      .slice(0, PREVIEW_ROWS)
      .map(({ line, itemNo, outcome, changes }) => ({ line, itemNo, outcome, changes })),
    dryRun,
  }
}

async function applyPlan(tx: Db, plan: ImportPlan, request: ImportRequest): Promise<void> {
  const created = plan.rows.filter((row) => row.outcome === 'created')
  const updated = plan.rows.filter((row) => row.outcome === 'updated')
  if (created.length === 0 && updated.length === 0) return
  const seriesIds = await insertNamed(tx, series, plan.newSeries)
  const brandIds = await insertNamed(tx, brands, plan.newBrands)
  const withNewIds = (row: PlannedRow): ProductFileFields => ({
    ...row.fields,
    seriesId: row.newSeriesKey ? (seriesIds.get(row.newSeriesKey) ?? null) : row.fields.seriesId,
    brandId: row.newBrandKey ? (brandIds.get(row.newBrandKey) ?? null) : row.fields.brandId,
  })
  for (let i = 0; i < created.length; i += BATCH_ROWS) {
    await insertBatch(tx, created.slice(i, i + BATCH_ROWS).map(withNewIds), request.at)
  }
  for (let i = 0; i < updated.length; i += BATCH_ROWS) {
    const batch = updated.slice(i, i + BATCH_ROWS)
    await updateBatch(
      tx,
      batch.map((row) => ({ id: row.id ?? 0, fields: withNewIds(row) })),
      request.at,
    )
  }
  await writeAudit(tx, {
    actorId: request.actorId,
    action: 'product-import.apply',
    entity: 'product-import',
    entityId: request.at.toISOString(),
    before: null,
    after: {
      rows: plan.rows.length,
      created: created.length,
      updated: updated.length,
      unchanged: plan.rows.length - created.length - updated.length,
      createdSeries: [...plan.newSeries.values()],
      createdBrands: [...plan.newBrands.values()],
      createdItemNos: created.map((row) => row.itemNo),
      updatedItemNos: updated.map((row) => row.itemNo),
    },
    at: request.at,
  })
  await notifyCatalogChanged(tx, 'products imported')
}

/** Creates the series or brands named, returning their ids by the name's key. */
async function insertNamed(
  tx: Db,
  table: typeof series | typeof brands,
  names: Map<string, string>,
): Promise<Map<string, number>> {
  if (names.size === 0) return new Map()
  const entries = [...names]
  const rows = await tx
    .insert(table)
    .values(entries.map(([, name]) => ({ name })))
    .returning({ id: table.id })
  return new Map(entries.map(([key], i) => [key, rows[i]?.id ?? 0]))
}

// A batch of rows travels as one JSON parameter that jsonb_to_recordset turns into a table with the
// columns' own types: several times faster than binding 29 parameters a row, on PGlite and PostgreSQL.
const FILE_COLUMNS = PRODUCT_FILE_FIELDS.map((field) => products[field])
const COLUMN_NAMES = FILE_COLUMNS.map((column) => `"${column.name}"`).join(', ')
const recordsOf = (rows: { id?: number; fields: ProductFileFields }[]) =>
  JSON.stringify(
    rows.map(({ id, fields }) => {
      const record: Record<string, unknown> = { id }
      for (const field of PRODUCT_FILE_FIELDS) record[products[field].name] = fields[field]
      return record
    }),
  )
const recordSet = (rows: { id?: number; fields: ProductFileFields }[]) =>
  sql`jsonb_to_recordset(${recordsOf(rows)}::jsonb) as v(${sql.raw(
    ['id integer', ...FILE_COLUMNS.map((column) => `"${column.name}" ${column.getSQLType()}`)].join(', '),
  )})`

async function insertBatch(tx: Db, rows: ProductFileFields[], at: Date): Promise<void> {
  await tx.execute(sql`
    insert into ${products} (${sql.raw(COLUMN_NAMES)}, updated_at)
    select ${sql.raw(FILE_COLUMNS.map((column) => `v."${column.name}"`).join(', '))}, ${at.toISOString()}::timestamptz
    from ${recordSet(rows.map((fields) => ({ fields })))}`)
}

async function updateBatch(
  tx: Db,
  rows: { id: number; fields: ProductFileFields }[],
  at: Date,
): Promise<void> {
  const assignments = FILE_COLUMNS.map((column) => `"${column.name}" = v."${column.name}"`).join(', ')
  await tx.execute(sql`
    update ${products} as p
    set ${sql.raw(assignments)}, updated_at = ${at.toISOString()}::timestamptz
    from ${recordSet(rows)}
    where p.id = v.id`)
}
