import { count, inArray, isNotNull } from 'drizzle-orm'
import type { InUseData } from '../../../src/domain/catalog-taxonomy.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'

/* How many products use categories, series and brands: the editors' counts and the delete guard. */

type UsageColumn = typeof products.categoryId | typeof products.seriesId | typeof products.brandId

/**
 * Products per id of `column` (all statuses), on the column's index; `ids` narrows it to some ids.
 * Ids no product uses are absent (read them as 0).
 */
export async function productCountsBy(
  db: Db,
  column: UsageColumn,
  ids?: readonly number[],
): Promise<Map<number, number>> {
  if (ids?.length === 0) return new Map()
  const rows = await db
    .select({ id: column, products: count() })
    .from(products)
    .where(ids === undefined ? isNotNull(column) : inArray(column, [...ids]))
    .groupBy(column)
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.products]])))
}

/** 409 of a delete refused while products (or child categories) use the thing. */
export function stillInUse(what: 'category' | 'series' | 'brand', usage: InUseData): ApiError {
  const parts = [`${usage.products} products`]
  if (usage.children) parts.push(`${usage.children} child categories`)
  return new ApiError(ResultCode.conflict, `${what}: is still used by ${parts.join(' and ')}`, usage)
}
