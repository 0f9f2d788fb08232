import { and, eq, ne } from 'drizzle-orm'
import {
  type OpsProductDto,
  type ProductBody,
  type ProductConflictData,
  ProductReferenceMessage,
  type ProductUpdateBody,
} from '../../../src/domain/product-editor.ts'
import type { Db } from '../../db/client.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts'
import { products } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { sanitiseOptionalHtml } from '../html-sanitiser.ts'
import { type CatalogSave, changedValues, recordCatalogChange } from './catalog-save.ts'
import { conflictingField } from './field-errors.ts'
import {
  auditedFieldsOf,
  legacyUrlsOf,
  type ProductRow,
  productColumnsOf,
  toOpsProductDto,
} from './ops-product-dto.ts'
import { assertProductReferences, productImagesOf } from './product-references.ts'

/* The console's product editor (backoffice §2): read one, create, and save over a read version. */

export async function loadOpsProduct(db: Db, id: number): Promise<OpsProductDto> {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  if (!row) throw notFound('product')
  return toOpsProductDto(row)
}

/** The descriptions as stored: HTML through the shop's allow-list; nothing left reads as none. */
function withSanitisedDescriptions<B extends ProductBody>(body: B): B {
  const clean = (html: string | null) => {
    const kept = sanitiseOptionalHtml(html)
    return kept === null || kept.trim() === '' ? null : kept
  }
  return {
    ...body,
    description: clean(body.description),
    jpDescription: clean(body.jpDescription),
    enDescription: clean(body.enDescription),
  }
}

const itemNoTaken = () => conflictingField('itemNo', ProductReferenceMessage.itemNoTaken)

/** 409 when another product (not `exceptId`) has the item number. */
async function assertItemNoFree(tx: Db, itemNo: string, exceptId?: number): Promise<void> {
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.itemNo, itemNo), exceptId === undefined ? undefined : ne(products.id, exceptId)))
  if (other) throw itemNoTaken()
}

/** A race past assertItemNoFree still ends on the unique index: the same 409. */
async function withItemNoConflict<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save()
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw itemNoTaken()
    throw error
  }
}

/** POST /api/ops/products: the new product (audited, the shop's catalog cache dropped). */
export function createOpsProduct(db: Db, input: ProductBody, save: CatalogSave): Promise<OpsProductDto> {
  const body = withSanitisedDescriptions(input)
  return withItemNoConflict(() =>
    db.transaction(async (tx) => {
      await assertProductReferences(tx, body)
      await assertItemNoFree(tx, body.itemNo)
      const images = await productImagesOf(tx, body.images)
      const [row] = await tx
        .insert(products)
        .values({ ...productColumnsOf(body, { images, legacyUrls: [] }, save.at), createdAt: save.at })
        .returning()
      if (!row) throw new Error('product insert returned nothing')
      const created = toOpsProductDto(row)
      await recordCatalogChange(tx, save, {
        entity: 'product',
        verb: 'create',
        id: row.id,
        before: null,
        after: auditedFieldsOf(created),
      })
      return created
    }),
  )
}

/**
 * When a save is stamped: the shop's clock, but always after the version it replaces, so two saves in
 * one millisecond still tell apart (updatedAt is what the next save is checked against).
 */
function saveTimeAfter(row: ProductRow, at: Date): Date {
  return at.getTime() > row.updatedAt.getTime() ? at : new Date(row.updatedAt.getTime() + 1)
}

/**
 * PUT /api/ops/products/{id}: saves over the version the editor read. The row is locked first, so a
 * save in between is seen: a different updatedAt is a 409 carrying the product as it now is, and
 * nothing changes. Pictures: given ones replace everything (imgList = their URLs); none keeps the
 * product's pictures from elsewhere (the demo's drawings) and drops its uploads.
 */
export function updateOpsProduct(
  db: Db,
  id: number,
  input: ProductUpdateBody,
  save: CatalogSave,
): Promise<OpsProductDto> {
  const { updatedAt: readVersion, ...fields } = withSanitisedDescriptions(input)
  return withItemNoConflict(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update')
      if (!row) throw notFound('product')
      // Stored times may hold microseconds; what the editor read (ISO) and JS dates hold milliseconds.
      if (row.updatedAt.getTime() !== Date.parse(readVersion)) {
        const data: ProductConflictData = { current: toOpsProductDto(row) }
        throw conflictingField('updatedAt', ProductReferenceMessage.stale, data)
      }
      await assertProductReferences(tx, fields)
      if (fields.itemNo !== row.itemNo) await assertItemNoFree(tx, fields.itemNo, id)
      const images = await productImagesOf(tx, fields.images)
      const columns = productColumnsOf(
        fields,
        { images, legacyUrls: legacyUrlsOf(row) },
        saveTimeAfter(row, save.at),
      )
      const [saved] = await tx.update(products).set(columns).where(eq(products.id, id)).returning()
      if (!saved) throw notFound('product')
      const before = toOpsProductDto(row)
      const after = toOpsProductDto(saved)
      const changed = changedValues(auditedFieldsOf(before), auditedFieldsOf(after))
      await recordCatalogChange(tx, save, { entity: 'product', verb: 'update', id, ...changed })
      return after
    }),
  )
}
