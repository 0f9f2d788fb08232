import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, brands, products, series } from '../../server/db/schema.ts'
import {
  type ImportResultDto,
  PRODUCT_FILE_COLUMNS,
  type ProductFileColumn,
} from '../../src/domain/product-import.ts'
import {
  insertBrands,
  insertCategoryTree,
  insertProducts,
  insertSeries,
  productRow,
  signedInAccount,
} from './support/catalog-fixture.ts'
import { PRICES } from './support/product-body.ts'
import {
  type Cells,
  csvOf,
  downloadProducts,
  sheetRows,
  uploadProducts,
  xlsxOf,
} from './support/product-file-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Row = Partial<Record<ProductFileColumn, string | number | boolean | null>>

const HEADER: Cells = [...PRODUCT_FILE_COLUMNS]
const cellsOf = (row: Row): Cells => PRODUCT_FILE_COLUMNS.map((column) => row[column] ?? null)

describe.each(engines)('the product import and export on %s', (engine) => {
  let t: TestApp
  let operator: { token: string; userId: number }
  let figuresId: number
  let seriesId: number
  const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]?.n ?? 0
  const productOf = async (itemNo: string) =>
    (await t.db.select().from(products).where(eq(products.itemNo, itemNo)))[0]
  const upload = (bytes: Uint8Array, options: { dryRun?: boolean; name?: string } = {}) =>
    uploadProducts(t, operator.token, bytes, options)

  beforeAll(async () => {
    t = await createTestApp(engine)
    operator = await signedInAccount(t, 'ops-import@example.com', {
      kind: 'operator',
      permissions: ['catalog'],
    })
    const tree = await insertCategoryTree(t.db)
    figuresId = tree.figures.id
    const [made] = await insertSeries(t.db, [
      { name: '初音未来', jpName: '初音ミク', enName: 'Hatsune Miku' },
    ])
    seriesId = made?.id ?? 0
    await insertBrands(t.db, [{ name: '好微笑', jpName: 'グッドスマイル', enName: 'Good Smile' }])
    await insertProducts(t.db, [
      productRow({ itemNo: 'OLD-1', productName: '旧商品一', type: 2, ...PRICES }),
      productRow({ itemNo: 'OLD-2', productName: '旧商品二', type: 2, ...PRICES }),
    ])
  })
  afterAll(() => t?.close())

  /** The stored products as the file has them: OLD-1 as is, OLD-2 with another stock. */
  const mixedRows = async (): Promise<Row[]> => {
    const old1 = await productOf('OLD-1')
    const base = (itemNo: string) => ({
      itemNo,
      productName: itemNo === 'OLD-1' ? old1?.productName : '旧商品二',
      jpProductName: old1 && itemNo === 'OLD-1' ? old1.jpProductName : 'テスト',
      enProductName: old1 && itemNo === 'OLD-1' ? old1.enProductName : 'Test',
      type: 2,
      ...PRICES,
    })
    return [
      base('OLD-1'),
      { ...base('OLD-2'), stock: 7 },
      {
        itemNo: 'NEW-1',
        productName: '新商品, 带逗号',
        enProductName: 'Two\nlines "quoted"',
        type: 1,
        category: 'figures',
        series: 'hatsune miku',
        brand: '新品牌',
        sellTime: '2027-03-31',
        preSellEndTime: '2027-01-15T23:59:59+09:00',
        isFront: 'true',
        isDiscount: 1,
        ...PRICES,
      },
      { itemNo: 'NEW-2', productName: '另一个', type: 3, series: '新系列', brand: '新品牌', ...PRICES },
    ]
  }

  it('dry-runs a CSV with a BOM and CRLF: outcomes, new series and brands, nothing written', async () => {
    const before = await productCount()
    const rows = await mixedRows()
    const answer = await upload(csvOf([HEADER, ...rows.map(cellsOf)], { bom: true }), { dryRun: true })
    expect(answer.status).toBe(200)
    const result = answer.body.data as ImportResultDto
    expect(result.errors).toEqual([])
    expect(result).toMatchObject({ rows: 4, created: 2, updated: 1, unchanged: 1, dryRun: true })
    expect(result.createdSeries).toEqual(['新系列'])
    expect(result.createdBrands).toEqual(['新品牌'])
    expect(result.preview.map((row) => [row.line, row.itemNo, row.outcome])).toEqual([
      [2, 'OLD-1', 'unchanged'],
      [3, 'OLD-2', 'updated'],
      [4, 'NEW-1', 'created'],
      [5, 'NEW-2', 'created'],
    ])
    // a new product, even in a new series or brand, lists no changed fields
    expect(result.preview.filter((row) => row.outcome === 'created').map((row) => row.changes)).toEqual([
      [],
      [],
    ])
    expect(result.preview[1]?.changes).toEqual(['jpProductName', 'enProductName', 'stock'])
    expect(await productCount()).toBe(before)
    expect(await t.db.select().from(series).where(eq(series.name, '新系列'))).toEqual([])
  })

  it('applies a CSV without a BOM, with LF: creates, updates, one audit row', async () => {
    const rows = await mixedRows()
    const answer = await upload(csvOf([HEADER, ...rows.map(cellsOf)], { lf: true }))
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ created: 2, updated: 1, unchanged: 1, dryRun: false })
    const created = await productOf('NEW-1')
    expect(created).toMatchObject({
      productName: '新商品, 带逗号',
      enProductName: 'Two\nlines "quoted"',
      categoryId: figuresId,
      seriesId,
      sellTime: '2027-03-31',
      isFront: true,
      isDiscount: true,
      boxIn: 1,
      status: 1,
    })
    expect(created?.preSellEndTime?.toISOString()).toBe('2027-01-15T14:59:59.000Z')
    const [newBrand] = await t.db.select().from(brands).where(eq(brands.name, '新品牌'))
    expect(created?.brandId).toBe(newBrand?.id)
    expect((await productOf('NEW-2'))?.brandId).toBe(newBrand?.id)
    expect((await productOf('OLD-2'))?.stock).toBe(7)
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'product-import'))
    expect(audits).toHaveLength(1)
    expect(audits[0]?.after).toMatchObject({ createdItemNos: ['NEW-1', 'NEW-2'], updatedItemNos: ['OLD-2'] })
    // The same file again changes nothing.
    const again = await upload(csvOf([HEADER, ...rows.map(cellsOf)]), { dryRun: true })
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 4, createdSeries: [] })
  })

  it('applies an XLSX workbook, typed cells and text alike', async () => {
    const rows: Cells[] = [
      HEADER,
      cellsOf({
        itemNo: 'XL-1',
        productName: '表格商品',
        type: 4,
        categoryId: figuresId,
        ...PRICES,
        stock: 5,
      }),
      cellsOf({
        itemNo: 'XL-2',
        productName: '表格二',
        type: '5',
        ...PRICES,
        isFront: true,
        releaseDate: '2027-02-01',
      }),
    ]
    const answer = await upload(await xlsxOf(rows), { name: 'whatever.csv' })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ created: 2, errors: [] })
    expect(await productOf('XL-1')).toMatchObject({ type: 4, categoryId: figuresId, stock: 5 })
    expect(await productOf('XL-2')).toMatchObject({ type: 5, isFront: true, releaseDate: '2027-02-01' })
  })

  it('names XLSX errors by the sheet row and CSV rows of the wrong length by their line', async () => {
    const sheet = await xlsxOf([
      HEADER,
      [],
      cellsOf({ itemNo: 'XE-1', productName: 'x', type: 1, ...PRICES, stock: -1 }),
    ])
    expect((await upload(sheet, { dryRun: true })).body.data?.errors).toEqual([
      { line: 3, column: 'stock', message: 'must be a whole number from 0 to 10,000,000' },
    ])
    const short = new TextEncoder().encode('itemNo,productName,type\r\nCE-1,x\r\n\r\nCE-2,y,1,extra\r\n')
    const errors = (await upload(short, { dryRun: true })).body.data?.errors ?? []
    expect(errors.filter((error) => error.column === null)).toEqual([
      { line: 2, column: null, message: 'must have as many cells as the header row' },
      { line: 4, column: null, message: 'must have as many cells as the header row' },
    ])
  })

  it('refuses a file with one bad row: 400, every error located, nothing written', async () => {
    const before = await productCount()
    const rows: Cells[] = [
      HEADER,
      cellsOf({ itemNo: 'BAD-1', productName: '好的', type: 1, ...PRICES }),
      cellsOf({
        itemNo: 'BAD-2',
        productName: '坏的',
        type: 1,
        ...PRICES,
        cnAlonePrice: '12.5',
        janCode: '4901234567890',
      }),
      cellsOf({ itemNo: 'BAD-3', productName: '类目', type: 1, ...PRICES, category: '不存在的类目' }),
      cellsOf({ itemNo: 'BAD-1', productName: '重复', type: 1, ...PRICES }),
      cellsOf({ itemNo: 'BAD-4', productName: '', type: 10, ...PRICES, isFront: 'yes', categoryId: 999_999 }),
    ]
    const answer = await upload(csvOf(rows, { bom: true }))
    expect(answer.status).toBe(400)
    expect(answer.body.msg).toBe('file: has errors; nothing was imported')
    const result = answer.body.data as ImportResultDto
    expect(result.errors).toEqual([
      { line: 3, column: 'janCode', message: 'must be a 13-digit EAN-13 code with a correct check digit' },
      { line: 3, column: 'cnAlonePrice', message: expect.stringContaining('whole number of yen') },
      { line: 4, column: 'category', message: 'must be an existing category' },
      { line: 5, column: 'itemNo', message: 'repeats an item number of an earlier line' },
      { line: 6, column: 'productName', message: 'is required' },
      { line: 6, column: 'type', message: 'must be a product type from 1 to 9' },
      { line: 6, column: 'isFront', message: 'must be true or false' },
    ])
    expect(await productCount()).toBe(before)
    // An unknown category id is reported once the row is otherwise valid.
    const byId = await upload(
      csvOf([
        HEADER,
        cellsOf({ itemNo: 'BAD-5', productName: 'x', type: 1, ...PRICES, categoryId: 999_999 }),
      ]),
    )
    expect((byId.body.data as ImportResultDto).errors).toEqual([
      { line: 2, column: 'categoryId', message: 'must be an existing category' },
    ])
  })

  it('reports unknown and repeated header names on line 1', async () => {
    const answer = await upload(
      csvOf([
        ['itemNo', 'productName', 'colour', 'ItemNo', 'description'],
        ['H-1', 'x', 'red', 'H-1', 'ignored'],
      ]),
      { dryRun: true },
    )
    expect((answer.body.data as ImportResultDto).errors.filter((e) => e.line === 1)).toEqual([
      { line: 1, column: 'colour', message: 'is not a column of the product file' },
      { line: 1, column: 'ItemNo', message: 'appears more than once in the header' },
    ])
  })

  it('refuses what is not a CSV or XLSX by its bytes, and hostile shapes, with 400 on file', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48])
    const pngAnswer = await upload(png, { name: 'products.csv' })
    expect(pngAnswer.status).toBe(400)
    expect(pngAnswer.body.msg).toBe('file: must be a CSV file in UTF-8 or an XLSX workbook')
    const latin1 = Uint8Array.from([0x69, 0x74, 0x65, 0x6d, 0x4e, 0x6f, 0x0a, 0xe9, 0x0a])
    expect((await upload(latin1)).body.msg).toBe('file: must be a CSV file in UTF-8 or an XLSX workbook')
    const zipJunk = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])
    expect((await upload(zipJunk)).status).toBe(400)
    const started = performance.now()
    const wide = new TextEncoder().encode(
      `${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\r\n`,
    )
    const wideAnswer = await upload(wide)
    expect(wideAnswer.status).toBe(400)
    expect(wideAnswer.body.msg).toBe('file: must have at most 200 columns')
    expect(performance.now() - started).toBeLessThan(2_000)
    const unclosed = await upload(new TextEncoder().encode('itemNo,productName\r\nQ-1,"open\r\n'))
    expect(unclosed.body.msg).toContain('file: is not a well-formed CSV file')
  })

  it('exports formulas escaped and numbers as numbers; the export imports back unchanged', async () => {
    await insertProducts(t.db, [
      productRow({
        itemNo: 'F-1',
        productName: '=HYPERLINK("x")',
        enProductName: "'90s",
        ...PRICES,
        cnAlonePrice: -500,
      }),
    ])
    const csv = await downloadProducts(t, operator.token, '?format=csv&keyword=F-1')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{8}\.csv"$/)
    const bytes = new Uint8Array(await csv.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    expect(text).toContain(",''90s,")
    expect(text).toContain(',-500,')
    expect(text.split('\r\n')).toHaveLength(3)
    const xlsx = await downloadProducts(t, operator.token, '?format=xlsx&keyword=F-1')
    const xlsxBytes = await xlsx.arrayBuffer()
    const [header, row] = await sheetRows(xlsxBytes)
    const cell = (name: string) => row?.[(header as string[]).indexOf(name)]
    expect(cell('productName')).toBe(`'=HYPERLINK("x")`)
    expect(cell('cnAlonePrice')).toBe(-500)
    for (const file of [bytes, new Uint8Array(xlsxBytes)]) {
      const answer = await upload(file, { dryRun: true })
      expect(answer.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: [] })
    }
    const applied = await upload(bytes)
    expect(applied.body.data).toMatchObject({ unchanged: 1 })
    expect(await productOf('F-1')).toMatchObject({ productName: '=HYPERLINK("x")', enProductName: "'90s" })
  })

  it('serves the template: the header and one example row that imports', async () => {
    const response = await t.app.request('/api/ops/products/import-template?format=csv', {
      headers: { token: operator.token },
    })
    const text = new TextDecoder().decode(await response.arrayBuffer())
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(PRODUCT_FILE_COLUMNS.join(','))
    const answer = await upload(new TextEncoder().encode(text), { dryRun: true })
    expect(answer.body.data).toMatchObject({ created: 1, errors: [] })
  })

  it('is the catalog room’s: 403 for customers and for staff without the catalog permission', async () => {
    const customer = await signedInAccount(t, 'shopper-import@example.com')
    const warehouse = await signedInAccount(t, 'warehouse-import@example.com', {
      kind: 'operator',
      permissions: ['warehouse'],
    })
    for (const who of [customer, warehouse]) {
      const file = csvOf([HEADER, cellsOf({ itemNo: 'NO-1', productName: 'x', type: 1, ...PRICES })])
      expect((await uploadProducts(t, who.token, file)).status).toBe(403)
      expect((await downloadProducts(t, who.token, '?format=csv')).status).toBe(403)
    }
    expect(
      await t.db
        .select()
        .from(products)
        .where(inArray(products.itemNo, ['NO-1'])),
    ).toEqual([])
  })
})
