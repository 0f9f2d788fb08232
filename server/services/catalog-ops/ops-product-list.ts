import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { OpsProductListQuery, OpsProductPage } from '../../../src/domain/product-editor.ts'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema.ts'
import { categoryAndChildrenIds } from '../catalog/categories.ts'
import { exactCodeHits, nameMatch } from '../catalog/product-search.ts'
import { toOpsProductDto } from './ops-product-dto.ts'

/** The product list's filters, which the export (product-files/product-export.ts) applies too. */
export type ProductListFilters = Omit<OpsProductListQuery, 'pageNum' | 'pageSize'>

/**
 * The filters as one condition (undefined: every product). The keyword is looked up the way the
 * shop's search does (product-search.ts), on the same indexes: item number in any case, JAN code and
 * box barcode exactly (three index probes, asked first), or a part of any name (trigram indexes, and
 * the name-characters index for one or two characters).
 */
export async function productListFilter(db: Db, filters: ProductListFilters): Promise<SQL | undefined> {
  const { keyword, type, categoryId, seriesId, brandId, status } = filters
  const conditions: (SQL | undefined)[] = []
  if (type !== undefined) conditions.push(eq(products.type, type))
  if (categoryId !== undefined) {
    conditions.push(inArray(products.categoryId, categoryAndChildrenIds(db, categoryId)))
  }
  if (seriesId !== undefined) conditions.push(eq(products.seriesId, seriesId))
  if (brandId !== undefined) conditions.push(eq(products.brandId, brandId))
  if (status !== undefined) conditions.push(eq(products.status, status))
  if (keyword !== undefined) {
    const codeHits = await exactCodeHits(db, keyword)
    conditions.push(
      codeHits.length === 0 ? nameMatch(keyword) : or(inArray(products.id, codeHits), nameMatch(keyword)),
    )
  }
  return and(...conditions)
}

/** GET /api/ops/products: every product (any status), newest first. */
export async function listOpsProducts(db: Db, query: OpsProductListQuery): Promise<OpsProductPage> {
  const { pageNum, pageSize, ...filters } = query
  const where = await productListFilter(db, filters)
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
  // A first page that is not full is every match: no count needed (a narrow search, the usual case).
  // Otherwise a count of its own: a window count would make the page read every match, where alone
  // it often reads just its rows down the id index; the count then reads the filters' indexes.
  const total =
    pageNum === 1 && rows.length < pageSize
      ? rows.length
      : ((await db.select({ total: count() }).from(products).where(where))[0]?.total ?? 0)
  return { list: rows.map(toOpsProductDto), total, pageNum, pageSize }
}
