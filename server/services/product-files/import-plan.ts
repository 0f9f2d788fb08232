import { inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { ProductReferenceMessage, productBody } from '../../../src/domain/product-editor.ts'
import { ProductImportMessage } from '../../../src/domain/product-files.ts'
import {
  type ImportError,
  type ImportRowOutcome,
  PRODUCT_FILE_COLUMNS,
  PRODUCT_FILE_FIELDS,
  type ProductFileColumn,
  type ProductFileField,
  type ProductFileFields,
} from '../../../src/domain/product-import.ts'
import type { Db } from '../../db/client.ts'
import { brands, categories, products, series } from '../../db/schema.ts'
import { cellInput, fileFieldsOf, IGNORED_COLUMNS, sameFieldValue } from './product-file-columns.ts'
import type { FileRow, ProductSheet } from './product-file-read.ts'

/*
 * The import's plan: every row of the file checked with the product editor's schema and compared
 * with the stored product of its item number. Nothing is written here; apply-import.ts writes a plan
 * without errors.
 */

export interface PlannedRow {
  line: number
  itemNo: string
  outcome: ImportRowOutcome
  changes: string[]
  /** The stored product's id (updated and unchanged rows). */
  id: number | null
  fields: ProductFileFields
  /** A series or brand the import creates, by its name's key (lower case), to fill in once created. */
  newSeriesKey: string | null
  newBrandKey: string | null
}

export interface ImportPlan {
  rows: PlannedRow[]
  errors: ImportError[]
  /** New series and brands by lower-cased name, with the name as the file first spells it. */
  newSeries: Map<string, string>
  newBrands: Map<string, string>
}

const NEW_NAME_MAX = 100
const nameKey = (name: string) => name.trim().toLowerCase()

interface Named {
  id: number
  name: string
  jpName: string | null
  enName: string | null
}

/** Ids by every name (any language, lower case); a name shared by two rows maps to both. */
class NameIndex {
  readonly ids = new Set<number>()
  private readonly byName = new Map<string, Set<number>>()
  constructor(rows: readonly Named[]) {
    for (const row of rows) {
      this.ids.add(row.id)
      for (const name of [row.name, row.jpName, row.enName]) {
        if (!name?.trim()) continue
        const key = nameKey(name)
        const ids = this.byName.get(key) ?? new Set<number>()
        ids.add(row.id)
        this.byName.set(key, ids)
      }
    }
  }
  find(name: string): number[] {
    return [...(this.byName.get(nameKey(name)) ?? [])]
  }
}

const TAXONOMY = [
  { idColumn: 'categoryId', nameColumn: 'category', unknown: ProductReferenceMessage.categoryId },
  { idColumn: 'seriesId', nameColumn: 'series', unknown: ProductReferenceMessage.seriesId },
  { idColumn: 'brandId', nameColumn: 'brand', unknown: ProductReferenceMessage.brandId },
] as const

/** Which header cell is which column; header problems are errors on line 1. */
function mapHeader(header: readonly string[]) {
  const errors: ImportError[] = []
  const index = new Map<ProductFileColumn, number>()
  const known = new Map(PRODUCT_FILE_COLUMNS.map((column) => [column.toLowerCase(), column]))
  const seen = new Set<string>()
  header.forEach((cell, i) => {
    const name = cell.trim()
    const key = name.toLowerCase()
    if (seen.has(key)) {
      errors.push({ line: 1, column: name, message: ProductImportMessage.duplicateColumn })
      return
    }
    seen.add(key)
    const column = known.get(key)
    if (column) index.set(column, i)
    else if (!IGNORED_COLUMNS.has(key)) {
      errors.push({ line: 1, column: name || null, message: ProductImportMessage.unknownColumn })
    }
  })
  if (!index.has('itemNo')) {
    errors.push({ line: 1, column: 'itemNo', message: ProductImportMessage.itemNoColumn })
  }
  return { index, errors }
}

export async function planImport(
  db: Db,
  sheet: ProductSheet,
  options: { csv: boolean; lock: boolean },
): Promise<ImportPlan> {
  const header = mapHeader(sheet.header)
  const plan: ImportPlan = { rows: [], errors: header.errors, newSeries: new Map(), newBrands: new Map() }
  const itemNoAt = header.index.get('itemNo')
  if (itemNoAt === undefined) return plan

  const itemNoOf = (row: FileRow) => {
    const input = cellInput('itemNo', row.cells[itemNoAt] ?? null)
    return typeof input === 'string' ? input.trim() : ''
  }
  const itemNos = [...new Set(sheet.rows.map(itemNoOf).filter((itemNo) => itemNo !== ''))]
  // One after another: inside the apply's transaction they share one connection.
  const categoryRows = await db
    .select({
      id: categories.id,
      name: categories.name,
      jpName: categories.jpName,
      enName: categories.enName,
    })
    .from(categories)
  const seriesRows = await db
    .select({ id: series.id, name: series.name, jpName: series.jpName, enName: series.enName })
    .from(series)
  const brandRows = await db
    .select({ id: brands.id, name: brands.name, jpName: brands.jpName, enName: brands.enName })
    .from(brands)
  const storedQuery = db.select().from(products).where(inArray(products.itemNo, itemNos))
  const existingRows =
    itemNos.length === 0 ? [] : options.lock ? await storedQuery.for('update') : await storedQuery
  const indexes = {
    categoryId: new NameIndex(categoryRows),
    seriesId: new NameIndex(seriesRows),
    brandId: new NameIndex(brandRows),
  }
  const existing = new Map(existingRows.map((row) => [row.itemNo, row]))
  const firstLineOf = new Map<string, number>()

  for (const row of sheet.rows) {
    const errors: ImportError[] = []
    const error = (column: string | null, message: string) => errors.push({ line: row.line, column, message })
    const width = sheet.header.length
    const extraCells = row.cells.slice(width).some((cell) => cell !== null && cell !== '')
    if (extraCells || (options.csv && row.cells.length !== width)) error(null, ProductImportMessage.cellCount)

    const itemNo = itemNoOf(row)
    const earlier = firstLineOf.get(itemNo)
    if (itemNo !== '' && earlier !== undefined) {
      error('itemNo', ProductImportMessage.duplicateItemNo)
      plan.errors.push(...errors)
      continue
    }
    if (itemNo !== '') firstLineOf.set(itemNo, row.line)

    const stored = existing.get(itemNo)
    const input: Record<string, unknown> = stored ? { ...fileFieldsOf(stored) } : {}
    for (const [column, at] of header.index) {
      if (column === 'category' || column === 'series' || column === 'brand') continue
      input[column] = cellInput(column, row.cells[at] ?? null)
    }

    // Category, series and brand by name when no id is given; a new series or brand is created.
    let newSeriesKey: string | null = null
    let newBrandKey: string | null = null
    for (const { idColumn, nameColumn, unknown } of TAXONOMY) {
      const nameAt = header.index.get(nameColumn)
      const idGiven = header.index.has(idColumn) && input[idColumn] !== undefined
      if (idGiven || nameAt === undefined) continue
      const name = cellInput(nameColumn, row.cells[nameAt] ?? null)
      if (typeof name !== 'string' || name.trim() === '') {
        input[idColumn] = null
        continue
      }
      const ids = indexes[idColumn].find(name)
      if (ids.length === 1) input[idColumn] = ids[0]
      else if (ids.length > 1) error(nameColumn, ProductImportMessage.ambiguousName)
      else if (idColumn === 'categoryId') error(nameColumn, unknown)
      else if (name.trim().length > NEW_NAME_MAX) error(nameColumn, ProductImportMessage.newName)
      else {
        const created = idColumn === 'seriesId' ? plan.newSeries : plan.newBrands
        const key = nameKey(name)
        if (!created.has(key)) created.set(key, name.trim())
        input[idColumn] = null
        if (idColumn === 'seriesId') newSeriesKey = key
        else newBrandKey = key
      }
    }

    const parsed = v.safeParse(productBody, input)
    if (!parsed.success) {
      for (const issue of parsed.issues) error(v.getDotPath(issue), issue.message)
    } else {
      for (const { idColumn, unknown } of TAXONOMY) {
        const id = parsed.output[idColumn]
        if (id !== null && !indexes[idColumn].ids.has(id)) error(idColumn, unknown)
      }
    }
    if (errors.length > 0 || !parsed.success) {
      plan.errors.push(...errors)
      continue
    }
    const fields = Object.fromEntries(
      PRODUCT_FILE_FIELDS.map((field) => [field, parsed.output[field]]),
    ) as ProductFileFields
    const changes = stored ? changedFields(fileFieldsOf(stored), fields) : []
    // An existing product moving to a series or brand the import creates changes that field; a new
    // product lists no changes.
    if (stored && newSeriesKey && !changes.includes('seriesId')) changes.push('seriesId')
    if (stored && newBrandKey && !changes.includes('brandId')) changes.push('brandId')
    plan.rows.push({
      line: row.line,
      itemNo: fields.itemNo,
      outcome: !stored ? 'created' : changes.length > 0 ? 'updated' : 'unchanged',
      changes,
      id: stored?.id ?? null,
      fields,
      newSeriesKey,
      newBrandKey,
    })
  }
  return plan
}

function changedFields(before: ProductFileFields, after: ProductFileFields): ProductFileField[] {
  return PRODUCT_FILE_FIELDS.filter((field) => !sameFieldValue(field, before[field], after[field]))
}
