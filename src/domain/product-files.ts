import * as v from 'valibot'
import { MAX_ROW_ID } from './fields.ts'
import { productKeywordQuery } from './product-editor.ts'
import { PRODUCT_TYPES } from './product-type.ts'
import { optionalQueryValue, queryValue, wholeNumber } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/*
 * The queries of the product file calls (backoffice §2 'Import') and the phrases the import reports
 * besides the product editor's own (ProductEditorMessage, ProductReferenceMessage for an unknown
 * category, series or brand): English, the console translates each.
 */

export const ProductImportMessage = {
  /** File level (msg `file: …`). */
  notAFile: 'must be a file',
  fileType: 'must be a CSV file in UTF-8 or an XLSX workbook',
  fileTooLarge: 'must be at most 20 MB',
  fileEmpty: 'must have a header row and at least one product row',
  tooManyRows: 'must have at most 50,000 product rows',
  tooManyColumns: 'must have at most 200 columns',
  csvSyntax: 'is not a well-formed CSV file (check its quotes and the number of cells in each row)',
  hasErrors: 'has errors; nothing was imported',
  /** 409: another save took one of the file's new item numbers between the check and the write. */
  createdMeanwhile: 'an item number was created meanwhile; import again',
  /** Header (line 1, the column named). */
  unknownColumn: 'is not a column of the product file',
  duplicateColumn: 'appears more than once in the header',
  itemNoColumn: 'is required in the header',
  /** Rows. */
  cellCount: 'must have as many cells as the header row',
  duplicateItemNo: 'repeats an item number of an earlier line',
  ambiguousName: 'matches more than one; give its id instead',
  newName: 'must be at most 100 characters',
  /** Export. */
  exportTooLarge: 'match more than 50,000 products; narrow the filters',
} as const

export type ProductFileFormat = 'csv' | 'xlsx'

const formatValue = queryValue(v.picklist(['csv', 'xlsx'], 'must be csv or xlsx'), 'csv')

/** POST /api/ops/products/import?dryRun=1: with dryRun nothing is written. */
export const productImportQuery = v.object({
  dryRun: queryValue(
    v.pipe(
      v.picklist(['0', '1', 'true', 'false'], 'must be 1 or 0'),
      v.transform((flag) => flag === '1' || flag === 'true'),
    ),
    '0',
  ),
})
export type ProductImportQuery = v.InferOutput<typeof productImportQuery>

/** GET /api/ops/products/export: the product list's filters (backoffice §2) and the file's format. */
export const productExportQuery = v.object({
  format: formatValue,
  keyword: productKeywordQuery,
  type: optionalQueryValue(
    v.pipe(
      v.string(),
      v.regex(/^\d$/, ValidationMessage.productType),
      v.transform(Number),
      v.picklist([...PRODUCT_TYPES], ValidationMessage.productType),
    ),
  ),
  categoryId: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  seriesId: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  brandId: optionalQueryValue(wholeNumber(1, MAX_ROW_ID)),
  status: optionalQueryValue(
    v.pipe(v.picklist(['1', '2'], 'must be 1 (on sale) or 2 (off sale)'), v.transform(Number)),
  ),
})
export type ProductExportQuery = v.InferOutput<typeof productExportQuery>

/** GET /api/ops/products/import-template. */
export const productTemplateQuery = v.object({ format: formatValue })
export type ProductTemplateQuery = v.InferOutput<typeof productTemplateQuery>
