import { asc, eq, or } from 'drizzle-orm'
import type { CategoryNode } from '../../../src/domain/catalog.ts'
import type { Db } from '../../db/client.ts'
import { categories } from '../../db/schema.ts'

/** The two-level category tree: top-level categories and their children, each level by sort then id. */
export async function listCategoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      jpName: categories.jpName,
      enName: categories.enName,
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id))
  const childrenOf = new Map<number, CategoryNode[]>()
  for (const row of rows) {
    if (row.parentId === null) continue
    const siblings = childrenOf.get(row.parentId) ?? []
    siblings.push({ id: row.id, name: row.name, jpName: row.jpName, enName: row.enName, children: [] })
    childrenOf.set(row.parentId, siblings)
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({
      id: row.id,
      name: row.name,
      jpName: row.jpName,
      enName: row.enName,
      children: childrenOf.get(row.id) ?? [],
    }))
}

/**
 * The ids a category filter covers, as a subquery: the category and its children (the tree has two
 * levels, so a top-level category's children are all it holds). An unknown category matches nothing.
 */
export function categoryAndChildrenIds(db: Db, categoryId: number) {
  return db
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.id, categoryId), eq(categories.parentId, categoryId)))
}
