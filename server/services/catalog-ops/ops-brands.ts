import { asc, eq } from 'drizzle-orm'
import { type BrandBody, type OpsBrandDto, TaxonomyMessage } from '../../../src/domain/catalog-taxonomy.ts'
import type { MediaImageDto } from '../../../src/domain/media.ts'
import type { Db } from '../../db/client.ts'
import { brands, products } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { mediaImagesByIds } from '../media/media-rows.ts'
import { type CatalogSave, changedValues, recordCatalogChange } from './catalog-save.ts'
import { badField } from './field-errors.ts'
import { productCountsBy, stillInUse } from './taxonomy-usage.ts'

/*
 * The console's brands (backoffice §2): names, a sort order and a logo, an uploaded picture kept as a
 * copy of its media row (brands.logo) so brand lists join nothing.
 */

type BrandRow = typeof brands.$inferSelect

const audited = (row: BrandRow) => ({
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  sort: row.sort,
  logo: row.logoMediaId,
})

const toDto = (row: BrandRow, counts: Map<number, number>): OpsBrandDto => ({
  id: row.id,
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  sort: row.sort,
  logo: row.logo ?? null,
  productCount: counts.get(row.id) ?? 0,
})

/** The logo's copy; 400 on logo when no such picture was uploaded. */
async function logoOf(tx: Db, mediaId: number | null): Promise<MediaImageDto | null> {
  if (mediaId === null) return null
  const logo = (await mediaImagesByIds(tx, [mediaId])).get(mediaId)
  if (!logo) throw badField('logo', TaxonomyMessage.unknownLogo)
  return logo
}

async function columnsOf(tx: Db, { logo, ...fields }: BrandBody, at: Date) {
  return { ...fields, logoMediaId: logo, logo: await logoOf(tx, logo), updatedAt: at }
}

/** GET /api/ops/brands: every brand by sort, then id. */
export async function listOpsBrands(db: Db): Promise<OpsBrandDto[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(brands).orderBy(asc(brands.sort), asc(brands.id)),
    productCountsBy(db, products.brandId),
  ])
  return rows.map((row) => toDto(row, counts))
}

async function dtoOf(tx: Db, row: BrandRow): Promise<OpsBrandDto> {
  return toDto(row, await productCountsBy(tx, products.brandId, [row.id]))
}

async function lockedBrand(tx: Db, id: number): Promise<BrandRow> {
  const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update')
  if (!row) throw notFound('brand')
  return row
}

export function createOpsBrand(db: Db, body: BrandBody, save: CatalogSave): Promise<OpsBrandDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(brands)
      .values({ ...(await columnsOf(tx, body, save.at)), createdAt: save.at })
      .returning()
    if (!row) throw new Error('brand insert returned nothing')
    await recordCatalogChange(tx, save, {
      entity: 'brand',
      verb: 'create',
      id: row.id,
      before: null,
      after: audited(row),
    })
    return dtoOf(tx, row)
  })
}

export function updateOpsBrand(db: Db, id: number, body: BrandBody, save: CatalogSave): Promise<OpsBrandDto> {
  return db.transaction(async (tx) => {
    const row = await lockedBrand(tx, id)
    const [saved] = await tx
      .update(brands)
      .set(await columnsOf(tx, body, save.at))
      .where(eq(brands.id, id))
      .returning()
    if (!saved) throw notFound('brand')
    await recordCatalogChange(tx, save, {
      entity: 'brand',
      verb: 'update',
      id,
      ...changedValues(audited(row), audited(saved)),
    })
    return dtoOf(tx, saved)
  })
}

/** DELETE /api/ops/brands/{id}: refused (409) while products use it, checked under the row's lock. */
export function deleteOpsBrand(db: Db, id: number, save: CatalogSave): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockedBrand(tx, id)
    const used = (await productCountsBy(tx, products.brandId, [id])).get(id) ?? 0
    if (used > 0) throw stillInUse('brand', { products: used })
    await tx.delete(brands).where(eq(brands.id, id))
    await recordCatalogChange(tx, save, {
      entity: 'brand',
      verb: 'delete',
      id,
      before: audited(row),
      after: null,
    })
  })
}
