import {
  productExportQuery,
  productImportQuery,
  productTemplateQuery,
} from '../../../src/domain/product-files.ts'
import { importResultAnswer } from '../../answers/product-files.ts'
import { notJson } from '../../answers/shape.ts'
import type { RouteContract } from '../contract.ts'

/* The console's product files (backoffice §2 'Import'): bulk import, export and the import's template. */

export const importProducts = {
  method: 'post',
  path: '/ops/products/import',
  summary:
    'multipart/form-data with field `file`: a CSV (UTF-8, with or without BOM) or an XLSX workbook, judged by its bytes, at most 20 MB, 50,000 rows and 200 columns, header row of the product fields (category, series and brand may be given by name; description and images are not imported). Rows are matched on itemNo: updated, unchanged or created; a missing series or brand is created. With dryRun=1 nothing is written; otherwise all or nothing: any error answers 400 with the same result in data',
  tag: 'ops',
  access: 'operator',
  permission: 'catalog',
  query: productImportQuery,
  returns: importResultAnswer,
} satisfies RouteContract

export const exportProducts = {
  method: 'get',
  path: '/ops/products/export',
  summary:
    "The products the list’s filters show (keyword, type, categoryId, seriesId, brandId, status) as a CSV (UTF-8 with BOM, CRLF) or XLSX file in the import’s columns; it imports back with 0 changes. A text cell beginning with = + - @ or ' gets one leading '. At most 50,000 products (more is a 400 on filter)",
  tag: 'ops',
  access: 'operator',
  permission: 'catalog',
  query: productExportQuery,
  returns: notJson({
    status: 200,
    contentType: 'application/octet-stream',
    description: 'A file (CSV or XLSX, Content-Disposition: attachment); errors in the envelope',
  }),
} satisfies RouteContract

export const productImportTemplate = {
  method: 'get',
  path: '/ops/products/import-template',
  summary: 'The import’s header row and one example row, as CSV or XLSX',
  tag: 'ops',
  access: 'operator',
  permission: 'catalog',
  query: productTemplateQuery,
  returns: notJson({
    status: 200,
    contentType: 'application/octet-stream',
    description: 'A file (CSV or XLSX, Content-Disposition: attachment); errors in the envelope',
  }),
} satisfies RouteContract

export const productFileContracts = [importProducts, exportProducts, productImportTemplate]
