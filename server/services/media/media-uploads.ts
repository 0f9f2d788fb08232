import { randomBytes } from 'node:crypto'
import type { MediaImageDto, MediaVariant } from '../../../src/domain/media.ts'
import type { Db } from '../../db/client.ts'
import { media } from '../../db/schema.ts'
import { writeAudit } from '../ops/audit.ts'
import { type EncodedImage, encodeImage } from './image-pipeline.ts'
import { mediaImageOf } from './media-rows.ts'
import { type MediaStore, VARIANT_FOLDER } from './media-store.ts'

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const

/** The store key of one variant: `m/<name>-<width>.<format>`. */
export const variantKey = (name: string, width: number, format: MediaVariant['format']) =>
  `${VARIANT_FOLDER}/${name}-${width}.${format}`

/** Writes every encoded variant under `name` and returns them as a media row lists them. */
export async function putVariants(
  store: MediaStore,
  image: EncodedImage,
  name: string,
): Promise<MediaVariant[]> {
  return Promise.all(
    image.variants.map(async (variant) => {
      const key = variantKey(name, variant.width, variant.format)
      await store.put(key, variant.bytes, CONTENT_TYPES[variant.format])
      return { width: variant.width, height: variant.height, format: variant.format, key }
    }),
  )
}

/**
 * POST /api/ops/media: re-encodes an upload (400 for anything refused, before anything is written),
 * stores its variants under a fresh random name and records the media row with its audit entry.
 * Variants of a failed insert stay behind unreferenced; they are never served by any page.
 */
export async function storeUpload(
  db: Db,
  store: MediaStore,
  bytes: Uint8Array,
  actorId: number | null,
  at: Date = new Date(),
): Promise<MediaImageDto> {
  const image = await encodeImage(bytes)
  const variants = await putVariants(store, image, randomBytes(12).toString('hex'))
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(media)
      .values({
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
        variants,
        sourceBytes: image.sourceBytes,
        createdBy: actorId,
        createdAt: at,
      })
      .returning()
    if (!inserted) throw new Error('media insert returned no row')
    await writeAudit(tx, {
      actorId,
      action: 'media.upload',
      entity: 'media',
      entityId: inserted.id,
      before: null,
      after: { width: image.width, height: image.height, sourceBytes: image.sourceBytes, variants },
      at,
    })
    return inserted
  })
  return mediaImageOf(row, (key) => store.urlOf(key))
}
