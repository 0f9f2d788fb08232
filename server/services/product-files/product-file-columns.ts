import {
  CONSOLE_ONLY_FIELDS,
  PRODUCT_FILE_COLUMNS,
  PRODUCT_FILE_FIELDS,
  type ProductFileColumn,
  type ProductFileField,
  type ProductFileFields,
} from '../../../src/domain/product-import.ts'
import type { products } from '../../db/schema.ts'
import type { FileCell } from './product-file-read.ts'

/*
 * How each column of the product file is written and read, shared by the export and the import so
 * an export imports back with 0 changes.
 */

type ColumnKind = 'text' | 'whole' | 'flag' | 'date' | 'instant'

export const COLUMN_KIND: Record<ProductFileColumn, ColumnKind> = {
  itemNo: 'text',
  janCode: 'text',
  boxBarcode: 'text',
  productName: 'text',
  jpProductName: 'text',
  enProductName: 'text',
  type: 'whole',
  categoryId: 'whole',
  category: 'text',
  seriesId: 'whole',
  series: 'text',
  brandId: 'whole',
  brand: 'text',
  sellTime: 'date',
  preSellEndTime: 'instant',
  releaseDate: 'date',
  cnAlonePrice: 'whole',
  cnBatchPrice: 'whole',
  jpAlonePrice: 'whole',
  jpBatchPrice: 'whole',
  enAlonePrice: 'whole',
  enBatchPrice: 'whole',
  isDiscount: 'flag',
  isFront: 'flag',
  boxIn: 'whole',
  orderBase: 'whole',
  stock: 'whole',
  status: 'whole',
  hotRank: 'whole',
  newRank: 'whole',
  recommendRank: 'whole',
  weightG: 'whole',
}

/** Product fields the file may name but the import leaves alone (lower case). */
export const IGNORED_COLUMNS: ReadonlySet<string> = new Set(
  CONSOLE_ONLY_FIELDS.map((field) => field.toLowerCase()),
)

/**
 * A text a spreadsheet would run as a formula (= + - @) gets one leading `'`; so does a text that
 * already starts with `'`, because the import removes one from every text cell (otherwise `'90s`
 * would come back as `90s`).
 */
export const escapeFormula = (text: string) => (/^[=+\-@']/.test(text) ? `'${text}` : text)
const unescapeFormula = (text: string) => (text.startsWith("'") ? text.slice(1) : text)

const SHOP_OFFSET_MS = 9 * 60 * 60 * 1000

/** An instant as the shop's clock reads it, `2027-01-15T23:59:59+09:00` (milliseconds only when set). */
export function shopInstant(instant: Date): string {
  const local = new Date(instant.getTime() + SHOP_OFFSET_MS).toISOString()
  const seconds = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23)
  return `${seconds}+09:00`
}

type ProductRow = typeof products.$inferSelect

/** A stored product's fields in the import's normalised form. */
export function fileFieldsOf(row: ProductRow): ProductFileFields {
  const fields = {} as Record<ProductFileField, unknown>
  for (const field of PRODUCT_FILE_FIELDS) fields[field] = row[field]
  fields.preSellEndTime = row.preSellEndTime ? shopInstant(row.preSellEndTime) : null
  fields.status = row.status as 1 | 2
  return fields as ProductFileFields
}

/** Whether two normalised values of a field are the same (instants by the moment they name). */
export function sameFieldValue(field: ProductFileField, a: unknown, b: unknown): boolean {
  if (field === 'preSellEndTime' && typeof a === 'string' && typeof b === 'string') {
    return Date.parse(a) === Date.parse(b)
  }
  return a === b
}

export type ExportCell = string | number | boolean | null

/** The cells of an exported row: text escaped, numbers as numbers, booleans as booleans. */
export function exportCells(
  fields: ProductFileFields,
  names: { category: string | null; series: string | null; brand: string | null },
): ExportCell[] {
  const record: Record<string, unknown> = { ...fields, ...names }
  return PRODUCT_FILE_COLUMNS.map((column) => {
    const value = record[column]
    if (value === null || value === undefined) return null
    if (COLUMN_KIND[column] === 'text' && typeof value === 'string') return escapeFormula(value)
    return value as ExportCell
  })
}

const WHOLE = /^\s*[+-]?\d+\s*$/
const DECIMAL = /^\s*[+-]?\d*\.\d+\s*$/

/**
 * What a cell gives the product editor's schema: empty is left out (the field's default or null); a
 * value that is not of the column's kind is passed on as it is, so the schema reports it with the
 * field's own message.
 */
export function cellInput(column: ProductFileColumn, cell: FileCell): unknown {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return undefined
  switch (COLUMN_KIND[column]) {
    case 'text':
      if (typeof cell === 'string') return unescapeFormula(cell)
      if (cell instanceof Date) return cell.toISOString()
      return String(cell)
    case 'whole':
      if (typeof cell === 'string' && (WHOLE.test(cell) || DECIMAL.test(cell))) return Number(cell)
      return cell
    case 'flag': {
      if (typeof cell === 'boolean') return cell
      const flag = String(cell).trim().toLowerCase()
      if (flag === 'true' || flag === '1') return true
      if (flag === 'false' || flag === '0') return false
      return String(cell)
    }
    case 'date':
      // A date typed into a spreadsheet: exceljs reads it as midnight UTC of that day.
      if (cell instanceof Date) return cell.toISOString().slice(0, 10)
      return typeof cell === 'string' ? cell.trim() : cell
    case 'instant':
      if (cell instanceof Date) return cell.toISOString()
      return typeof cell === 'string' ? cell.trim() : cell
  }
}
