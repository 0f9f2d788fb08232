import { eq } from 'drizzle-orm'
import type { MediaImageDto } from '../../../src/domain/media.ts'
import { type ProductBody, ProductReferenceMessage } from '../../../src/domain/product-editor.ts'
import type { Db } from '../../db/client.ts'
import { brands, categories, series } from '../../db/schema.ts'
import { mediaImagesByIds } from '../media/media-rows.ts'
import { badField } from './field-errors.ts'

/*
 * What a product's body names must exist: its category (either level), series and brand, and its
 * pictures. Checked inside the save's transaction; each lookup takes a key-share lock on the row it
 * finds (as the foreign key would), so a concurrent delete of it waits for the save, then sees it used.
 */

async function assertExists(
  tx: Db,
  field: 'categoryId' | 'seriesId' | 'brandId',
  id: number | null,
): Promise<void> {
  if (id === null) return
  const table = field === 'categoryId' ? categories : field === 'seriesId' ? series : brands
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('key share')
  if (!row) throw badField(field, ProductReferenceMessage[field])
}

/** 400 naming the first field that points at nothing. */
export async function assertProductReferences(
  tx: Db,
  body: Pick<ProductBody, 'categoryId' | 'seriesId' | 'brandId'>,
): Promise<void> {
  await assertExists(tx, 'categoryId', body.categoryId)
  await assertExists(tx, 'seriesId', body.seriesId)
  await assertExists(tx, 'brandId', body.brandId)
}

/** The pictures of `ids` as copies, in the order given (a repeated id once); 400 on an unknown one. */
export async function productImagesOf(tx: Db, ids: readonly number[]): Promise<MediaImageDto[]> {
  const unique = [...new Set(ids)]
  const found = await mediaImagesByIds(tx, unique)
  return unique.map((id) => {
    const image = found.get(id)
    if (!image) throw badField('images', ProductReferenceMessage.images)
    return image
  })
}
