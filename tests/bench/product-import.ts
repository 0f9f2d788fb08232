/**
 * The bulk import (backoffice §2: 10,000 rows in under 30 s on PGlite). A fresh database with the
 * demo catalog; a 10,000-row CSV in the export's columns: the 320 demo products with a changed stock
 * and 9,680 new ones (category and brand by name, one in ten in a new series). Timed: the dry run,
 * the apply, and a dry run of the same file afterwards (every row unchanged).
 *
 * Calls the import's service (file reading, checks, writes), not the HTTP route, whose multipart
 * parsing is Hono's. Runs on in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 * Part of `npm run bench`; also runs on its own: `node tests/bench/product-import.ts`.
 */

import { stringify } from 'csv-stringify/sync'
import type { Db } from '../../server/db/client.ts'
import { brands, categories, products, users } from '../../server/db/schema.ts'
import { seedDemoCatalog } from '../../server/db/seed/seed.ts'
import { fileFieldsOf } from '../../server/services/product-files/product-file-columns.ts'
import { importProducts } from '../../server/services/product-files/product-import.ts'
import { PRODUCT_FILE_COLUMNS } from '../../src/domain/product-import.ts'
import { type Engine, openTestDatabase } from '../server/support/test-database.ts'

export interface ProductImportRun {
  ms: number
  created: number
  updated: number
  unchanged: number
  errors: number
}

export interface ProductImportBench {
  engine: Engine
  rows: number
  fileBytes: number
  dryRun: ProductImportRun
  apply: ProductImportRun
  dryRunAfter: ProductImportRun
}

async function benchFile(db: Db, rowCount: number): Promise<Uint8Array> {
  const [categoryRows, brandRows, demo] = [
    await db.select({ name: categories.name }).from(categories),
    await db.select({ name: brands.enName }).from(brands),
    await db.select().from(products),
  ]
  const records: string[][] = [[...PRODUCT_FILE_COLUMNS]]
  const cells = (row: Record<string, unknown>) =>
    PRODUCT_FILE_COLUMNS.map((column) =>
      row[column] === null || row[column] === undefined ? '' : String(row[column]),
    )
  for (const product of demo) {
    const fields = fileFieldsOf(product)
    records.push(cells({ ...fields, stock: fields.stock + 1 }))
  }
  for (let i = 0; records.length <= rowCount; i++) {
    records.push(
      cells({
        itemNo: `BENCH-${String(i).padStart(6, '0')}`,
        productName: `批量导入商品 ${i}, "测试"`,
        jpProductName: `一括インポート ${i}`,
        enProductName: `Imported product ${i}`,
        type: (i % 9) + 1,
        category: categoryRows[i % categoryRows.length]?.name,
        series: i % 10 === 0 ? `Bench series ${i % 50}` : null,
        brand: brandRows[i % brandRows.length]?.name,
        sellTime: '2027-03-31',
        preSellEndTime: '2027-01-15T23:59:59+09:00',
        cnAlonePrice: 1200 + i,
        cnBatchPrice: 1000,
        jpAlonePrice: 1300,
        jpBatchPrice: 1100,
        enAlonePrice: 1400,
        enBatchPrice: -1150,
        isDiscount: i % 2 === 0,
        isFront: i % 3 === 0,
        boxIn: 12,
        orderBase: 1,
        stock: i,
        status: 1,
        weightG: 350,
      }),
    )
  }
  return new TextEncoder().encode(stringify(records, { bom: true, record_delimiter: 'windows' }))
}

async function timed(db: Db, bytes: Uint8Array, dryRun: boolean, actorId: number): Promise<ProductImportRun> {
  const started = performance.now()
  const result = await importProducts(db, { bytes, dryRun, actorId, at: new Date() })
  return {
    ms: Math.round(performance.now() - started),
    created: result.created,
    updated: result.updated,
    unchanged: result.unchanged,
    errors: result.errors.length,
  }
}

async function measureOn(engine: Engine, rowCount: number): Promise<ProductImportBench> {
  const database = await openTestDatabase(engine)
  try {
    await seedDemoCatalog(database.db)
    const [operator] = await database.db
      .insert(users)
      .values({
        email: 'bench-import@example.com',
        passwordHash: 'x',
        nickname: 'bench',
        kind: 'operator',
        permissions: ['catalog'],
      })
      .returning({ id: users.id })
    const actorId = operator?.id ?? 0
    const bytes = await benchFile(database.db, rowCount)
    const dryRun = await timed(database.db, bytes, true, actorId)
    const apply = await timed(database.db, bytes, false, actorId)
    const dryRunAfter = await timed(database.db, bytes, true, actorId)
    return { engine, rows: rowCount, fileBytes: bytes.byteLength, dryRun, apply, dryRunAfter }
  } finally {
    await database.close()
  }
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export async function measureProductImport(rowCount = 10_000): Promise<ProductImportBench[]> {
  const results = [await measureOn('pglite', rowCount)]
  if (process.env.TEST_DATABASE_URL) results.push(await measureOn('postgres', rowCount))
  return results
}

export function productImportLines(results: readonly ProductImportBench[]): string[] {
  const describe = (run: ProductImportRun) =>
    `${(run.ms / 1000).toFixed(2)} s (${run.created} created, ${run.updated} updated, ${run.unchanged} unchanged, ${run.errors} errors)`
  return results.map(
    (r) =>
      `product import (${r.engine}, ${r.rows} rows, ${Math.round(r.fileBytes / 1024)} KB CSV, demo catalog): dry run ${describe(r.dryRun)}; apply ${describe(r.apply)}; dry run again ${describe(r.dryRunAfter)}`,
  )
}

if (import.meta.main) {
  for (const line of productImportLines(await measureProductImport())) console.log(line)
}
