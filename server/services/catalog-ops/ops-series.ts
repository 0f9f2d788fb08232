import { asc, eq } from 'drizzle-orm'
import type { OpsSeriesDto, SeriesBody } from '../../../src/domain/catalog-taxonomy.ts'
import type { Db } from '../../db/client.ts'
import { products, series } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { type CatalogSave, changedValues, recordCatalogChange } from './catalog-save.ts'
import { productCountsBy, stillInUse } from './taxonomy-usage.ts'

/*
 * The console's series (backoffice §2). The editor's `hot` flag is series.hotRank, which orders the
 * shop's hot-series area: a hot series is ranked by its sort order (hotRank = sort), so the area
 * follows the order the operator gave; not hot is null.
 */

type SeriesRow = typeof series.$inferSelect

const audited = (row: SeriesRow) => ({
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  sort: row.sort,
  hotRank: row.hotRank,
})

const toDto = (row: SeriesRow, counts: Map<number, number>): OpsSeriesDto => ({
  id: row.id,
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  sort: row.sort,
  hot: row.hotRank !== null,
  productCount: counts.get(row.id) ?? 0,
})

const columnsOf = ({ hot, ...fields }: SeriesBody) => ({ ...fields, hotRank: hot ? fields.sort : null })

/** GET /api/ops/series: every series by sort, then id. */
export async function listOpsSeries(db: Db): Promise<OpsSeriesDto[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(series).orderBy(asc(series.sort), asc(series.id)),
    productCountsBy(db, products.seriesId),
  ])
  return rows.map((row) => toDto(row, counts))
}

async function dtoOf(tx: Db, row: SeriesRow): Promise<OpsSeriesDto> {
  return toDto(row, await productCountsBy(tx, products.seriesId, [row.id]))
}

async function lockedSeries(tx: Db, id: number): Promise<SeriesRow> {
  const [row] = await tx.select().from(series).where(eq(series.id, id)).for('update')
  if (!row) throw notFound('series')
  return row
}

export function createOpsSeries(db: Db, body: SeriesBody, save: CatalogSave): Promise<OpsSeriesDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(series)
      .values({ ...columnsOf(body), createdAt: save.at })
      .returning()
    if (!row) throw new Error('series insert returned nothing')
    await recordCatalogChange(tx, save, {
      entity: 'series',
      verb: 'create',
      id: row.id,
      before: null,
      after: audited(row),
    })
    return dtoOf(tx, row)
  })
}

export function updateOpsSeries(
  db: Db,
  id: number,
  body: SeriesBody,
  save: CatalogSave,
): Promise<OpsSeriesDto> {
  return db.transaction(async (tx) => {
    const row = await lockedSeries(tx, id)
    const [saved] = await tx.update(series).set(columnsOf(body)).where(eq(series.id, id)).returning()
    if (!saved) throw notFound('series')
    await recordCatalogChange(tx, save, {
      entity: 'series',
      verb: 'update',
      id,
      ...changedValues(audited(row), audited(saved)),
    })
    return dtoOf(tx, saved)
  })
}

/**
 * DELETE /api/ops/series/{id}: refused (409) while products use it. The schema would quietly empty
 * their series (ON DELETE SET NULL), so the count is checked here, under the row's lock (a product
 * joining the series waits for it).
 */
export function deleteOpsSeries(db: Db, id: number, save: CatalogSave): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockedSeries(tx, id)
    const used = (await productCountsBy(tx, products.seriesId, [id])).get(id) ?? 0
    if (used > 0) throw stillInUse('series', { products: used })
    await tx.delete(series).where(eq(series.id, id))
    await recordCatalogChange(tx, save, {
      entity: 'series',
      verb: 'delete',
      id,
      before: audited(row),
      after: null,
    })
  })
}
