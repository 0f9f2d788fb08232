/*
 * The bulk import and export of products (backoffice §2 'Import'): one header row of field names,
 * then a product a row, matched on itemNo. Shared by the server that reads and writes the files and
 * the console that shows the preview.
 */

/** The columns of an export and of the template, in order (category, series and brand by id and name). */
export const PRODUCT_FILE_COLUMNS = [
  'itemNo',
  'janCode',
  'boxBarcode',
  'productName',
  'jpProductName',
  'enProductName',
  'type',
  'categoryId',
  'category',
  'seriesId',
  'series',
  'brandId',
  'brand',
  'sellTime',
  'preSellEndTime',
  'releaseDate',
  'cnAlonePrice',
  'cnBatchPrice',
  'jpAlonePrice',
  'jpBatchPrice',
  'enAlonePrice',
  'enBatchPrice',
  'isDiscount',
  'isFront',
  'boxIn',
  'orderBase',
  'stock',
  'status',
  'hotRank',
  'newRank',
  'recommendRank',
  'weightG',
] as const
export type ProductFileColumn = (typeof PRODUCT_FILE_COLUMNS)[number]

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
