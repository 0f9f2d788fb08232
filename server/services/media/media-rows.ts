import { inArray } from 'drizzle-orm'
import type { MediaImageDto } from '../../../src/domain/media.ts'
import type { Db } from '../../db/client.ts'
import { media } from '../../db/schema.ts'
import { localMediaUrlOf } from './media-store.ts'

export type MediaRow = typeof media.$inferSelect

/**
 * A media row as pages draw it. Products and brands keep this copy (backoffice §2), so the URL is
 * fixed when copied: `urlOf` is the store's (the local one's by default).
 */
export function mediaImageOf(
  row: Pick<MediaRow, 'id' | 'width' | 'height' | 'placeholder' | 'variants'>,
  urlOf: (key: string) => string = localMediaUrlOf,
): MediaImageDto {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: row.variants.map((variant) => ({
      width: variant.width,
      format: variant.format,
      url: urlOf(variant.key),
    })),
  }
}

/** The pictures with these ids, by id; an id with no row is absent from the map. */
export async function mediaImagesByIds(
  db: Db,
  ids: readonly number[],
  urlOf: (key: string) => string = localMediaUrlOf,
): Promise<Map<number, MediaImageDto>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db.select().from(media).where(inArray(media.id, unique))
  return new Map(rows.map((row) => [row.id, mediaImageOf(row, urlOf)]))
}
