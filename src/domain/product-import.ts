import { type ProductBody, productFieldsWithout } from './product-editor.ts'

/*
 * The bulk import and export of products (backoffice §2 'Import'): one header row of field names,
 * then a product a row, matched on itemNo. Shared by the server that reads and writes the files and
 * the console that shows the preview.
 */

/** The product's fields edited in the console only: a file may name them, the import leaves them alone. */
export const CONSOLE_ONLY_FIELDS = ['description', 'jpDescription', 'enDescription', 'images'] as const

/** The product's fields a file carries, in the editor's order. */
export const PRODUCT_FILE_FIELDS = productFieldsWithout(CONSOLE_ONLY_FIELDS)
export type ProductFileFields = Omit<ProductBody, (typeof CONSOLE_ONLY_FIELDS)[number]>
export type ProductFileField = keyof ProductFileFields

type NameColumn = 'category' | 'series' | 'brand'
export type ProductFileColumn = ProductFileField | NameColumn

/** The name column after an id column: a category, series or brand is given by either. */
const NAME_COLUMN_AFTER: Partial<Record<ProductFileField, NameColumn>> = {
  categoryId: 'category',
  seriesId: 'series',
  brandId: 'brand',
}

/**
 * The columns of an export and of the template, in order: the file's fields, with category, series
 * and brand each by id and then by name (`categoryId`, `category`, …).
 */
export const PRODUCT_FILE_COLUMNS: readonly ProductFileColumn[] = PRODUCT_FILE_FIELDS.flatMap((field) => {
  const name = NAME_COLUMN_AFTER[field]
  return name ? [field, name] : [field]
})

/** What happens to a row on apply. */
export type ImportRowOutcome = 'created' | 'updated' | 'unchanged'

export interface ImportError {
  /** The file's line: the header is line 1. */
  line: number
  /** The column's header name, or null for a problem of the whole row or file. */
  column: string | null
  message: string
}

export interface ImportPreviewRow {
  line: number
  itemNo: string
  outcome: ImportRowOutcome
  /** Field names that change (updated rows). */
  changes: string[]
}

/** The answer of POST /api/ops/products/import (with ?dryRun=1 nothing is written). */
export interface ImportResultDto {
  rows: number
  created: number
  updated: number
  unchanged: number
  /** Names of the series and brands the import creates (or would create). */
  createdSeries: string[]
  createdBrands: string[]
  errors: ImportError[]
  /** Every data row's outcome, for the preview table (at most the first 1,000 rows). */
  preview: ImportPreviewRow[]
  dryRun: boolean
}

/** Largest file accepted, in bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
/** Most data rows in one file. */
export const IMPORT_MAX_ROWS = 50_000
