import { asc, count, eq, inArray, or } from 'drizzle-orm'
import {
  type CategoryBody,
  type OpsCategoryDto,
  TaxonomyMessage,
} from '../../../src/domain/catalog-taxonomy.ts'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { type CatalogSave, changedValues, recordCatalogChange } from './catalog-save.ts'
import { badField } from './field-errors.ts'
import { productCountsBy, stillInUse } from './taxonomy-usage.ts'

/*
 * The console's category tree (backoffice §2): two levels, so a parent is a top-level category, a
 * category with children stays top-level, and none is its own parent. Every change is audited and
 * drops the shop's catalog cache.
 */

type CategoryRow = typeof categories.$inferSelect

const audited = (row: CategoryRow): CategoryBody => ({
  parentId: row.parentId,
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  sort: row.sort,
})

/** Rows (by sort, then id) as a tree, with each category's products. */
function treeOf(rows: CategoryRow[], counts: Map<number, number>): OpsCategoryDto[] {
  const nodeOf = (row: CategoryRow): OpsCategoryDto => ({
    ...audited(row),
    id: row.id,
    productCount: counts.get(row.id) ?? 0,
    children: [],
  })
  const children = new Map<number, OpsCategoryDto[]>()
  for (const row of rows) {
    if (row.parentId === null) continue
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), nodeOf(row)])
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({ ...nodeOf(row), children: children.get(row.id) ?? [] }))
}

/** GET /api/ops/categories: the tree, each level by sort then id. */
export async function listOpsCategories(db: Db): Promise<OpsCategoryDto[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    productCountsBy(db, products.categoryId),
  ])
  return treeOf(rows, counts)
}

/** One category with its children, as the tree shows it. */
async function categoryNode(tx: Db, id: number): Promise<OpsCategoryDto> {
  const rows = await tx
    .select()
    .from(categories)
    .where(or(eq(categories.id, id), eq(categories.parentId, id)))
    .orderBy(asc(categories.sort), asc(categories.id))
  const counts = await productCountsBy(
    tx,
    products.categoryId,
    rows.map((row) => row.id),
  )
  const self = rows.find((row) => row.id === id)
  if (!self) throw notFound('category')
  // Shaped as a one-node tree even when the category is a child.
  const [node] = treeOf(
    rows.map((row) => (row.id === id ? { ...row, parentId: null } : row)),
    counts,
  )
  if (!node) throw notFound('category')
  return { ...node, parentId: self.parentId }
}

/**
 * 400 on parentId unless it names an existing top-level category. The parent row is locked, so it
 * cannot become a child itself while this one joins it.
 */
async function assertParent(tx: Db, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return
  if (parentId === selfId) throw badField('parentId', TaxonomyMessage.ownParent)
  const [parent] = await tx
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, parentId))
    .for('update')
  if (!parent) throw badField('parentId', TaxonomyMessage.unknownParent)
  if (parent.parentId !== null) throw badField('parentId', TaxonomyMessage.twoLevels)
}

async function childCount(tx: Db, id: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id))
  return row?.n ?? 0
}

/**
 * Locks the category (and the parent it is to join), lowest id first: two saves moving categories
 * under each other then queue rather than deadlock.
 */
async function lockedCategory(tx: Db, id: number, parentId: number | null = null): Promise<CategoryRow> {
  const ids = parentId === null || parentId === id ? [id] : [id, parentId]
  const rows = await tx
    .select()
    .from(categories)
    .where(inArray(categories.id, ids))
    .orderBy(asc(categories.id))
    .for('update')
  const row = rows.find((candidate) => candidate.id === id)
  if (!row) throw notFound('category')
  return row
}

export function createOpsCategory(db: Db, body: CategoryBody, save: CatalogSave): Promise<OpsCategoryDto> {
  return db.transaction(async (tx) => {
    await assertParent(tx, body.parentId)
    const [row] = await tx
      .insert(categories)
      .values({ ...body, createdAt: save.at })
      .returning()
    if (!row) throw new Error('category insert returned nothing')
    await recordCatalogChange(tx, save, {
      entity: 'category',
      verb: 'create',
      id: row.id,
      before: null,
      after: audited(row),
    })
    return categoryNode(tx, row.id)
  })
}

export function updateOpsCategory(
  db: Db,
  id: number,
  body: CategoryBody,
  save: CatalogSave,
): Promise<OpsCategoryDto> {
  return db.transaction(async (tx) => {
    const row = await lockedCategory(tx, id, body.parentId)
    await assertParent(tx, body.parentId, id)
    if (body.parentId !== null && (await childCount(tx, id)) > 0) {
      throw badField('parentId', TaxonomyMessage.hasChildren)
    }
    const [saved] = await tx.update(categories).set(body).where(eq(categories.id, id)).returning()
    if (!saved) throw notFound('category')
    await recordCatalogChange(tx, save, {
      entity: 'category',
      verb: 'update',
      id,
      ...changedValues(audited(row), audited(saved)),
    })
    return categoryNode(tx, id)
  })
}

/**
 * DELETE /api/ops/categories/{id}: refused (409) while products or child categories use it. The row
 * lock keeps a product from joining it meanwhile (its foreign key takes a share lock on the row).
 */
export function deleteOpsCategory(db: Db, id: number, save: CatalogSave): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockedCategory(tx, id)
    const used = (await productCountsBy(tx, products.categoryId, [id])).get(id) ?? 0
    const children = await childCount(tx, id)
    if (used > 0 || children > 0) throw stillInUse('category', { products: used, children })
    await tx.delete(categories).where(eq(categories.id, id))
    await recordCatalogChange(tx, save, {
      entity: 'category',
      verb: 'delete',
      id,
      before: audited(row),
      after: null,
    })
  })
}
