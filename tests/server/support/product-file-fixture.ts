import { stringify } from 'csv-stringify/sync'
import ExcelJS from 'exceljs'
import type { ImportResultDto } from '../../../src/domain/product-import.ts'
import type { Envelope } from '../../../src/domain/result-code.ts'
import type { TestApp } from './test-app.ts'

/* Uploading and downloading the console's product files in tests. */

export type Cells = (string | number | boolean | null)[]

/** A CSV of the rows (the first is the header): CRLF or LF, with or without a BOM. */
export function csvOf(rows: readonly Cells[], options: { bom?: boolean; lf?: boolean } = {}): Uint8Array {
  const text = stringify(
    rows.map((cells) => cells.map((cell) => (cell === null ? '' : String(cell)))),
    { bom: options.bom ?? false, record_delimiter: options.lf ? 'unix' : 'windows' },
  )
  return new TextEncoder().encode(text)
}

/** An XLSX workbook of the rows, cells keeping their types. */
export async function xlsxOf(rows: readonly Cells[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('products')
  for (const cells of rows) sheet.addRow(cells)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

export async function uploadProducts(
  t: TestApp,
  token: string,
  bytes: Uint8Array,
  options: { dryRun?: boolean; name?: string } = {},
): Promise<{ status: number; body: Envelope<ImportResultDto | null> }> {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), options.name ?? 'products.csv')
  const response = await t.app.request(`/api/ops/products/import${options.dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: form,
    headers: { token },
  })
  return { status: response.status, body: (await response.json()) as Envelope<ImportResultDto | null> }
}

export async function downloadProducts(t: TestApp, token: string, query: string): Promise<Response> {
  return t.app.request(`/api/ops/products/export${query}`, { headers: { token } })
}

/** The first sheet's rows as exceljs reads them (row 1 the header), cells as their values. */
export async function sheetRows(bytes: ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes)
  const rows: unknown[][] = []
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1))
  })
  return rows
}
