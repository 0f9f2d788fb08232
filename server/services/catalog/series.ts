import { asc, count, eq, getTableName, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { SeriesDto } from '../../../src/domain/catalog.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { PRODUCT_STATUS, products, series } from '../../db/schema.ts'

/**
 * The outer series row's id, spelled out: in a query on one table drizzle writes columns without their
 * table, and inside the subquery a bare "id" would be the product's.
 */
const outerSeriesId = sql`${sql.identifier(getTableName(series))}.${sql.identifier(series.id.name)}`

/** How many products on sale belong to the series (products_series_idx finds them). */
const onSaleCount = sql<number>`(
  select count(*) from ${products}
  where ${products.seriesId} = ${outerSeriesId} and ${products.status} = ${PRODUCT_STATUS.onSale}
)`.mapWith(Number)

/** The columns of a SeriesDto, named as the wire names them (spec §3 'Hot series'). */
export const seriesColumns = {
  id: series.id,
  seriesName: series.name,
  jpSeriesName: series.jpName,
  enSeriesName: series.enName,
  productCount: onSaleCount,
}

const isHot = isNotNull(series.hotRank)
const byHotRank = [asc(series.hotRank), asc(series.id)]

function selectSeries(db: Db, where: SQL | undefined, orderBy: SQL[]) {
  return db
    .select(seriesColumns)
    .from(series)
    .where(where)
    .orderBy(...orderBy)
}

/** The hot series of the home page, by rank. */
export function listHotSeries(db: Db): Promise<SeriesDto[]> {
  return selectSeries(db, isHot, byHotRank)
}

/** The hot series, paged, with their total. */
export async function pageHotSeries(db: Db, page: PageQuery): Promise<Page<SeriesDto>> {
  const { pageNum, pageSize } = page
  const [totalRow] = await db.select({ total: count() }).from(series).where(isHot)
  const total = totalRow?.total ?? 0
  const offset = (pageNum - 1) * pageSize
  const list = offset < total ? await selectSeries(db, isHot, byHotRank).limit(pageSize).offset(offset) : []
  return { list, total, pageNum, pageSize }
}

/** Every series, in the shop's sort order. */
export function listAllSeries(db: Db): Promise<SeriesDto[]> {
  return selectSeries(db, undefined, [asc(series.sort), asc(series.id)])
}

/** One series, or null. */
export async function findSeries(db: Db, id: number): Promise<SeriesDto | null> {
  const [row] = await selectSeries(db, eq(series.id, id), [])
  return row ?? null
}
