import { stringify } from 'csv-stringify/sync'
import { asc, count, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import ExcelJS from 'exceljs'
import { shopDate } from '../../../src/domain/dates.ts'
import {
  type ProductExportQuery,
  type ProductFileFormat,
  ProductImportMessage,
} from '../../../src/domain/product-files.ts'
import { IMPORT_MAX_ROWS, PRODUCT_FILE_COLUMNS } from '../../../src/domain/product-import.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { brands, categories, products, series } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { productListFilter } from '../catalog-ops/ops-product-list.ts'
import { type ExportCell, exportCells, fileFieldsOf } from './product-file-columns.ts'

/*
 * GET /api/ops/products/export and the import's template: the import's columns, one product a row.
 * CSV is UTF-8 with a BOM (Excel otherwise reads it in the system's code page) and CRLF; in XLSX
 * numbers are number cells and text is text cells, so the formula escape reads back the same.
 */

export interface ProductFile {
  body: Uint8Array<ArrayBuffer>
  contentType: string
  filename: string
}

const CONTENT_TYPES: Record<ProductFileFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

const seriesTable = alias(series, 'export_series')
const brandTable = alias(brands, 'export_brands')
const categoryTable = alias(categories, 'export_categories')

export async function exportProducts(db: Db, query: ProductExportQuery, at: Date): Promise<ProductFile> {
  const { format, ...filters } = query
  const where = await productListFilter(db, filters)
  const [counted] = await db.select({ total: count() }).from(products).where(where)
  // More than an import takes would not import back.
  if ((counted?.total ?? 0) > IMPORT_MAX_ROWS) {
    throw new ApiError(ResultCode.invalidInput, `filter: ${ProductImportMessage.exportTooLarge}`, {
      fields: [{ field: 'filter', message: ProductImportMessage.exportTooLarge }],
    })
  }
  const rows = await db
    .select({
      product: products,
      category: categoryTable.name,
      series: seriesTable.name,
      brand: brandTable.name,
    })
    .from(products)
    .leftJoin(categoryTable, eq(categoryTable.id, products.categoryId))
    .leftJoin(seriesTable, eq(seriesTable.id, products.seriesId))
    .leftJoin(brandTable, eq(brandTable.id, products.brandId))
    .where(where)
    .orderBy(asc(products.id))
  const records = rows.map((row) =>
    exportCells(fileFieldsOf(row.product), {
      category: row.category,
      series: row.series,
      brand: row.brand,
    }),
  )
  return productFile(records, format, `products-${fileDay(at)}`)
}

/** The header and one example row: the shop's first category, series and brand by name when it has them. */
export async function productTemplate(db: Db, format: ProductFileFormat, at: Date): Promise<ProductFile> {
  const firstName = async (table: typeof categories | typeof series | typeof brands) =>
    (await db.select({ name: table.name }).from(table).orderBy(asc(table.id)).limit(1))[0]?.name ?? null
  const example = exportCells(
    {
      itemNo: 'EX-0001',
      janCode: '4901234567894',
      boxBarcode: null,
      productName: '示例商品',
      jpProductName: 'サンプル商品',
      enProductName: 'Sample product',
      type: 1,
      categoryId: null,
      seriesId: null,
      brandId: null,
      sellTime: '2027-03-31',
      preSellEndTime: '2027-01-15T23:59:59+09:00',
      releaseDate: null,
      cnAlonePrice: 1200,
      cnBatchPrice: 1000,
      jpAlonePrice: 1300,
      jpBatchPrice: 1100,
      enAlonePrice: 1400,
      enBatchPrice: 1150,
      isDiscount: false,
      isFront: true,
      boxIn: 12,
      orderBase: 1,
      stock: 100,
      status: 1,
      hotRank: null,
      newRank: null,
      recommendRank: null,
      weightG: 350,
    },
    {
      category: await firstName(categories),
      series: await firstName(series),
      brand: await firstName(brands),
    },
  )
  return productFile([example], format, `product-import-template-${fileDay(at)}`)
}

const fileDay = (at: Date) => (shopDate(at) ?? '').replaceAll('-', '')

async function productFile(
  records: readonly ExportCell[][],
  format: ProductFileFormat,
  name: string,
): Promise<ProductFile> {
  const body = format === 'csv' ? toCsv(records) : await toXlsx(records)
  return { body, contentType: CONTENT_TYPES[format], filename: `${name}.${format}` }
}

function toCsv(records: readonly ExportCell[][]): Uint8Array<ArrayBuffer> {
  const text = stringify([[...PRODUCT_FILE_COLUMNS], ...records.map((cells) => cells.map(csvText))], {
    bom: true,
    record_delimiter: 'windows',
  })
  return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>
}

const csvText = (cell: ExportCell) => (cell === null ? '' : String(cell))

async function toXlsx(records: readonly ExportCell[][]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('products', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.addRow([...PRODUCT_FILE_COLUMNS])
  sheet.getRow(1).font = { bold: true }
  for (const cells of records) sheet.addRow(cells)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}
