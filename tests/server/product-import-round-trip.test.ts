import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema.ts'
import { seedDemoCatalog } from '../../server/db/seed/seed.ts'
import {
  escapeFormula,
  fileFieldsOf,
  sameFieldValue,
} from '../../server/services/product-files/product-file-columns.ts'
import { isValidEan13 } from '../../src/domain/product-editor.ts'
import {
  type ImportResultDto,
  PRODUCT_FILE_COLUMNS,
  PRODUCT_FILE_FIELDS,
  type ProductFileColumn,
} from '../../src/domain/product-import.ts'
import { insertBrands, insertCategoryTree, insertSeries, signedInAccount } from './support/catalog-fixture.ts'
import { type Cells, csvOf, downloadProducts, uploadProducts } from './support/product-file-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/*
 * backoffice §2: an export imports back with 0 changes. Generated valid products are imported, then
 * exported as CSV and as XLSX, and each export's dry run must find every row unchanged; the demo
 * catalog must do the same.
 */

type Value = string | number | boolean | null
type Row = Partial<Record<ProductFileColumn, Value>>

// Letters, CJK, and what a CSV or a spreadsheet treats specially: quotes, commas, line feeds, the
// formula starters and the apostrophe the escape adds.
const TEXT_UNITS = [...'aZ9 漢字かなー=+-@\'",\n;\t#!é']
const text = (maxLength: number) =>
  fc
    .string({ unit: fc.constantFrom(...TEXT_UNITS), minLength: 1, maxLength })
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

const ean13 = fc.stringMatching(/^\d{12}$/).map((digits) => {
  for (let check = 0; check <= 9; check++) if (isValidEan13(`${digits}${check}`)) return `${digits}${check}`
  return `${digits}0`
})
const price = fc.integer({ min: -9_999_999, max: 9_999_999 }).filter((yen) => yen !== 0)
const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))
const rank = fc.option(fc.integer({ min: 1, max: 9_999 }))

function productArbitrary(ids: { categories: number[]; series: number[]; brands: number[] }) {
  return fc
    .record({
      janCode: fc.option(ean13),
      boxBarcode: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,32}$/)),
      productName: text(200),
      jpProductName: fc.option(text(200)),
      enProductName: fc.option(text(200)),
      type: fc.integer({ min: 1, max: 9 }),
      categoryId: fc.option(fc.constantFrom(...ids.categories)),
      seriesId: fc.option(fc.constantFrom(...ids.series)),
      brandId: fc.option(fc.constantFrom(...ids.brands)),
      sellTime: fc.option(day),
      // Hours before the end of the sale day (Tokyo), with or without milliseconds.
      preSellEndHoursBefore: fc.option(fc.integer({ min: 0, max: 2_000 })),
      preSellEndMs: fc.constantFrom(0, 5, 999),
      releaseDate: fc.option(day),
      cnAlonePrice: price,
      cnBatchPrice: price,
      jpAlonePrice: price,
      jpBatchPrice: price,
      enAlonePrice: price,
      enBatchPrice: price,
      isDiscount: fc.boolean(),
      isFront: fc.boolean(),
      boxIn: fc.integer({ min: 1, max: 10_000 }),
      orderBase: fc.integer({ min: 1, max: 10_000 }),
      stock: fc.integer({ min: 0, max: 10_000_000 }),
      status: fc.constantFrom(1, 2),
      hotRank: rank,
      newRank: rank,
      recommendRank: rank,
      weightG: fc.option(fc.integer({ min: 1, max: 100_000 })),
    })
    .map(({ preSellEndHoursBefore, preSellEndMs, ...fields }): Row => {
      const end = fields.sellTime
        ? Date.parse(`${fields.sellTime}T23:59:59+09:00`)
        : Date.parse('2027-06-30T12:00:00Z')
      const preSellEndTime =
        preSellEndHoursBefore === null
          ? null
          : new Date(end - preSellEndHoursBefore * 3_600_000 - 1_000 + preSellEndMs).toISOString()
      return { ...fields, preSellEndTime }
    })
}

/** The import file an operator would write: text cells escaped the way the import reads them. */
function importCsv(rows: readonly Row[]): Uint8Array {
  const cells = rows.map(
    (row): Cells =>
      PRODUCT_FILE_COLUMNS.map((column) => {
        const value = row[column] ?? null
        return typeof value === 'string' && column !== 'preSellEndTime' ? escapeFormula(value) : value
      }),
  )
  return csvOf([[...PRODUCT_FILE_COLUMNS], ...cells], { bom: true })
}

describe.each(engines)('export → import round trip on %s', (engine) => {
  let t: TestApp
  let token: string

  const reimportUnchanged = async (label: string) => {
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await downloadProducts(t, token, `?format=${format}`)
      expect(file.status, label).toBe(200)
      const answer = await uploadProducts(t, token, new Uint8Array(await file.arrayBuffer()), {
        dryRun: true,
      })
      const result = answer.body.data as ImportResultDto
      expect({ format, errors: result.errors.slice(0, 5) }, label).toEqual({ format, errors: [] })
      expect({ format, created: result.created, updated: result.updated }, label).toEqual({
        format,
        created: 0,
        updated: 0,
      })
      expect(result.unchanged, label).toBe(result.rows)
    }
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    token = (await signedInAccount(t, 'ops-round-trip@example.com', { kind: 'operator' })).token
  })
  afterAll(() => t?.close())

  it('imports generated products, and their CSV and XLSX exports import back with 0 changes', async () => {
    const tree = await insertCategoryTree(t.db)
    const madeSeries = await insertSeries(t.db, [{}, { name: '=series', jpName: null, enName: null }])
    const madeBrands = await insertBrands(t.db, [{}, { name: "'quoted brand" }])
    const ids = {
      categories: [tree.figures.id, tree.plush.id, ...tree.children.map((c) => c.id)],
      series: madeSeries.map((s) => s.id),
      brands: madeBrands.map((b) => b.id),
    }
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(productArbitrary(ids), { minLength: 1, maxLength: 6 }), async (generated) => {
        run += 1
        // Each run on an empty catalog, so a failure's shrunk counterexample is the whole story.
        await t.db.delete(products)
        const rows = generated.map((row, i) => ({ ...row, itemNo: `RT${run}-${i}` }))
        const imported = await uploadProducts(t, token, importCsv(rows))
        expect(imported.body.data?.errors ?? imported.body.msg).toEqual([])
        expect(imported.body.data?.created).toBe(rows.length)
        // The import stored what the file says, field by field.
        const stored = new Map((await t.db.select().from(products)).map((p) => [p.itemNo, fileFieldsOf(p)]))
        for (const row of rows) {
          const fields = stored.get(row.itemNo)
          const differing = PRODUCT_FILE_FIELDS.filter(
            (field) => !sameFieldValue(field, fields?.[field], row[field as ProductFileColumn] ?? null),
          )
          expect({ itemNo: row.itemNo, differing }).toEqual({ itemNo: row.itemNo, differing: [] })
        }
        await reimportUnchanged(`run ${run}`)
      }),
      { numRuns: 25 },
    )
  })

  it('exports the demo catalog and imports it back with 0 changes and 0 errors', async () => {
    const demo = await createTestApp(engine)
    try {
      expect((await seedDemoCatalog(demo.db)).seeded).toBe(true)
      const demoToken = (await signedInAccount(demo, 'ops-demo@example.com', { kind: 'operator' })).token
      for (const format of ['csv', 'xlsx'] as const) {
        const file = await downloadProducts(demo, demoToken, `?format=${format}`)
        const answer = await uploadProducts(demo, demoToken, new Uint8Array(await file.arrayBuffer()), {
          dryRun: true,
        })
        const result = answer.body.data as ImportResultDto
        expect(result.errors.slice(0, 10)).toEqual([])
        expect(result).toMatchObject({ created: 0, updated: 0, rows: 320, unchanged: 320 })
      }
    } finally {
      await demo.close()
    }
  })
})
