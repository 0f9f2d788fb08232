import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { ProductImportMessage } from '../../../src/domain/product-files.ts'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../src/domain/product-import.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ApiError } from '../../http/envelope.ts'

/*
 * Reads an uploaded product file into a header and rows of cells. The kind is decided by the bytes
 * (an XLSX workbook is a ZIP), never by the name. The file comes from outside: its size, rows and
 * columns are bounded before a parser builds anything large from them.
 */

/** A cell as the file holds it: CSV cells are text; an XLSX cell keeps its type. */
export type FileCell = string | number | boolean | Date | null

export interface FileRow {
  /** The line of the file (CSV: counting empty lines, as a spreadsheet shows it) or the sheet's row. */
  line: number
  cells: FileCell[]
}

export interface ProductSheet {
  header: string[]
  rows: FileRow[]
}

export const IMPORT_MAX_COLUMNS = 200
/** A workbook's parts unpacked: far above 50,000 rows of products, far below what would exhaust memory. */
const XLSX_MAX_UNPACKED_BYTES = 200 * 1024 * 1024
/** Longest CSV record in characters. */
const CSV_MAX_RECORD_CHARS = 1024 * 1024

export const fileError = (message: string, data: Record<string, unknown> = {}) =>
  new ApiError(ResultCode.invalidInput, `file: ${message}`, {
    fields: [{ field: 'file', message }],
    ...data,
  })

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04]

const isZip = (bytes: Uint8Array) => ZIP_LOCAL_HEADER.every((byte, i) => bytes[i] === byte)

export async function readProductFile(bytes: Uint8Array): Promise<ProductSheet> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw fileError(ProductImportMessage.fileTooLarge)
  const sheet = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes)
  if (sheet.header.length === 0 || sheet.rows.length === 0) throw fileError(ProductImportMessage.fileEmpty)
  return sheet
}

function readCsv(bytes: Uint8Array): ProductSheet {
  let text: string
  try {
    // ignoreBOM: the BOM stays for csv-parse's `bom` option to remove.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw fileError(ProductImportMessage.fileType)
  }
  boundCsvShape(text)
  let records: { record: string[]; info: { records: number; empty_lines: number } }[]
  try {
    // `info: true` makes each record { record, info }; the sync typings do not follow the option.
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      // Rows of the wrong length are reported on their line rather than failing the whole file.
      relax_column_count: true,
      max_record_size: CSV_MAX_RECORD_CHARS,
    }) as unknown as typeof records
  } catch (error) {
    const line = (error as { lines?: unknown }).lines
    throw fileError(ProductImportMessage.csvSyntax, typeof line === 'number' ? { line } : {})
  }
  const [first, ...rest] = records
  if (!first) return { header: [], rows: [] }
  return {
    header: first.record,
    // Counting the empty lines before it, the record's number is the row a spreadsheet shows it on.
    rows: rest.map(({ record, info }) => ({ line: info.records + info.empty_lines, cells: record })),
  }
}

/**
 * One pass over the text, before csv-parse builds any record: at most IMPORT_MAX_COLUMNS cells in a
 * record and IMPORT_MAX_ROWS records besides the header. A line of 100,000 commas is refused here
 * in milliseconds instead of becoming an array of 100,000 strings. Control characters other than tab,
 * line feed and carriage return do not occur in a text file: such bytes are binary, not a CSV.
 */
function boundCsvShape(text: string): void {
  let cells = 1
  let records = 0
  let recordHasContent = false
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      throw fileError(ProductImportMessage.fileType)
    }
    if (quoted) {
      if (code === 0x22) {
        if (text.charCodeAt(i + 1) === 0x22) i++
        else quoted = false
      }
      continue
    }
    if (code === 0x22) {
      quoted = true
      recordHasContent = true
    } else if (code === 0x2c) {
      recordHasContent = true
      cells += 1
      if (cells > IMPORT_MAX_COLUMNS) throw fileError(ProductImportMessage.tooManyColumns)
    } else if (code === 0x0a) {
      if (recordHasContent) records += 1
      if (records > IMPORT_MAX_ROWS + 1) throw fileError(ProductImportMessage.tooManyRows)
      cells = 1
      recordHasContent = false
    } else if (code !== 0x0d && code !== 0xfeff) {
      recordHasContent = true
    }
  }
  if (recordHasContent) records += 1
  if (records > IMPORT_MAX_ROWS + 1) throw fileError(ProductImportMessage.tooManyRows)
}

/**
 * The sum of the sizes a ZIP's entries unpack to, from its central directory; undefined when the
 * directory cannot be read (not a ZIP, or ZIP64, which no spreadsheet of this size needs).
 */
function unpackedSizeOf(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const END_SIGNATURE = 0x06054b50
  const ENTRY_SIGNATURE = 0x02014b50
  // The end record is 22 bytes plus a comment of up to 65,535.
  const lowest = Math.max(0, bytes.byteLength - 22 - 0xffff)
  let end = -1
  for (let at = bytes.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) {
      end = at
      break
    }
  }
  if (end < 0) return undefined
  const entries = view.getUint16(end + 10, true)
  let at = view.getUint32(end + 16, true)
  let total = 0
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== ENTRY_SIGNATURE) return undefined
    const unpacked = view.getUint32(at + 24, true)
    if (unpacked === 0xffffffff) return undefined
    total += unpacked
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
  }
  return total
}

async function readXlsx(bytes: Uint8Array): Promise<ProductSheet> {
  const unpacked = unpackedSizeOf(bytes)
  if (unpacked === undefined) throw fileError(ProductImportMessage.fileType)
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw fileError(ProductImportMessage.fileTooLarge)
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
  } catch {
    throw fileError(ProductImportMessage.fileType)
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw fileError(ProductImportMessage.fileEmpty)
  if (sheet.columnCount > IMPORT_MAX_COLUMNS) throw fileError(ProductImportMessage.tooManyColumns)
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw fileError(ProductImportMessage.tooManyRows)
  const lines: FileRow[] = []
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: FileCell[] = []
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellValue(row.getCell(column).value))
    // Trailing empty cells (formatting only) are not cells of the row.
    while (cells.length > 0 && (cells.at(-1) === null || cells.at(-1) === '')) cells.pop()
    if (cells.length > 0) lines.push({ line: rowNumber, cells })
  })
  const [first, ...rows] = lines
  if (!first) return { header: [], rows: [] }
  return { header: first.cells.map((cell) => (cell === null ? '' : String(cell))), rows }
}

/** A workbook cell's value: rich text as its text, a formula as its last result, a link as its text. */
function cellValue(value: ExcelJS.CellValue): FileCell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (value instanceof Date) return value
  if ('richText' in value) return value.richText.map((run) => run.text).join('')
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result
    if (result === undefined || result === null) return null
    if (typeof result === 'object' && !(result instanceof Date)) return '#ERROR'
    return result as FileCell
  }
  if ('hyperlink' in value) return value.text
  if ('error' in value) return value.error
  return null
}
