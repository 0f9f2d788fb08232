import { randomBytes } from 'node:crypto'
import { and, asc, count, eq } from 'drizzle-orm'
import type { MediaVariant } from '../../../src/domain/media.ts'
import {
  PACKAGE_PHOTOS_MAX,
  type PackagePhotoDto,
  type PackagePhotoListDto,
  PackagePhotoMessage,
} from '../../../src/domain/package-photos.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { packagePhotos, packages } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { encodeImage } from '../media/image-pipeline.ts'
import { writeAudit } from '../ops/audit.ts'
import { type PackagePhotoStore, packageIdOfKey, packagePhotoKey } from './photo-store.ts'
import { photoUrlKey, signedPhotoUrl } from './photo-urls.ts'

/*
 * Photos of packed boxes (flows §7): the staff add and remove them in the packing room (audited), the
 * package's shopper lists them. Every upload goes through the media pipeline, which decodes and
 * re-encodes it, so no EXIF block (camera, GPS location) survives; only the WebP variants are kept,
 * the one format every browser draws.
 */

export interface PhotoDeps {
  db: Db
  store: PackagePhotoStore
  now: Date
}

type PhotoRow = typeof packagePhotos.$inferSelect

const packageNotFound = () => notFound('package')

function tooManyPhotos(): ApiError {
  return new ApiError(ResultCode.invalidInput, `file: ${PackagePhotoMessage.tooMany}`, {
    fields: [{ field: 'file', message: PackagePhotoMessage.tooMany }],
    max: PACKAGE_PHOTOS_MAX,
  })
}

/** The row's variants, narrowest first. */
const byWidth = (row: PhotoRow): MediaVariant[] => [...row.variants].sort((a, b) => a.width - b.width)

function photoDtoOf(row: PhotoRow, secret: Uint8Array, now: Date): PackagePhotoDto {
  const variants = byWidth(row)
  const narrowest = variants[0]
  const widest = variants.at(-1)
  if (!narrowest || !widest) throw new Error(`package photo ${row.id} has no variant`)
  return {
    id: row.id,
    url: signedPhotoUrl(secret, widest.key, now),
    thumbnailUrl: signedPhotoUrl(secret, narrowest.key, now),
    width: row.width,
    height: row.height,
  }
}

async function photosOf(db: Db, packageId: number, now: Date): Promise<PackagePhotoListDto> {
  const rows = await db
    .select()
    .from(packagePhotos)
    .where(eq(packagePhotos.packageId, packageId))
    .orderBy(asc(packagePhotos.createdAt), asc(packagePhotos.id))
  const secret = await photoUrlKey(db)
  return { list: rows.map((row) => photoDtoOf(row, secret, now)) }
}

/** GET /mall/package/photos/{packageId}: the caller's package only; another's is a 404 like a missing one. */
export async function listShopperPackagePhotos(
  db: Db,
  request: { userId: number; packageId: number; now: Date },
): Promise<PackagePhotoListDto> {
  const [owned] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, request.packageId), eq(packages.userId, request.userId)))
  if (!owned) throw packageNotFound()
  return photosOf(db, request.packageId, request.now)
}

async function assertPackageExists(db: Db, packageId: number): Promise<void> {
  const [row] = await db.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId))
  if (!row) throw packageNotFound()
}

/** GET /ops/packages/{id}/photos. */
export async function listOpsPackagePhotos(
  db: Db,
  packageId: number,
  now: Date,
): Promise<PackagePhotoListDto> {
  await assertPackageExists(db, packageId)
  return photosOf(db, packageId, now)
}

async function photoCount(db: Db, packageId: number): Promise<number> {
  const [row] = await db
    .select({ photos: count() })
    .from(packagePhotos)
    .where(eq(packagePhotos.packageId, packageId))
  return row?.photos ?? 0
}

/** Removes stored variants nothing refers to (a refused or failed insert, a deleted photo). */
async function removeVariants(store: PackagePhotoStore, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)))
  for (const [index, result] of results.entries()) {
    // Left behind, such a file is unreachable (no row, no URL): worth a line, not a failed call.
    if (result.status === 'rejected')
      log.warn({ err: result.reason, key: keys[index] }, 'package photo not removed')
  }
}

/**
 * POST /ops/packages/{id}/photos: 404 for a missing package and 400 (`file`) for a full one or a file
 * the pipeline refuses, before anything is written. The variants are stored first, then the row and
 * its audit entry in one transaction that locks the package, so two uploads cannot pass the limit.
 */
export async function addPackagePhoto(
  deps: PhotoDeps,
  request: { packageId: number; bytes: Uint8Array; actorId: number },
): Promise<PackagePhotoDto> {
  const { db, store, now } = deps
  const { packageId } = request
  await assertPackageExists(db, packageId)
  if ((await photoCount(db, packageId)) >= PACKAGE_PHOTOS_MAX) throw tooManyPhotos()
  const image = await encodeImage(request.bytes)
  const name = randomBytes(12).toString('hex')
  const encoded = image.variants
    .filter((variant) => variant.format === 'webp')
    .map((variant) => ({ ...variant, key: packagePhotoKey(packageId, name, variant.width) }))
  const variants: MediaVariant[] = encoded.map(({ width, height, format, key }) => ({
    width,
    height,
    format,
    key,
  }))
  try {
    await Promise.all(encoded.map((variant) => store.put(variant.key, variant.bytes)))
    const row = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: packages.id })
        .from(packages)
        .where(eq(packages.id, packageId))
        .for('update')
      if (!locked) throw packageNotFound()
      if ((await photoCount(tx, packageId)) >= PACKAGE_PHOTOS_MAX) throw tooManyPhotos()
      const [inserted] = await tx
        .insert(packagePhotos)
        .values({
          packageId,
          width: image.width,
          height: image.height,
          variants,
          sourceBytes: image.sourceBytes,
          createdBy: request.actorId,
          createdAt: now,
        })
        .returning()
      if (!inserted) throw new Error('package photo insert returned no row')
      await writeAudit(tx, {
        actorId: request.actorId,
        action: 'package.photoAdd',
        entity: 'package',
        entityId: packageId,
        before: null,
        after: {
          photoId: inserted.id,
          width: image.width,
          height: image.height,
          sourceBytes: image.sourceBytes,
          keys: variants.map((variant) => variant.key),
        },
        at: now,
      })
      return inserted
    })
    return photoDtoOf(row, await photoUrlKey(db), now)
  } catch (error) {
    await removeVariants(
      store,
      variants.map((variant) => variant.key),
    )
    throw error
  }
}

/** DELETE /ops/packages/{id}/photos/{photoId}: the row and its audit entry, then the stored variants. */
export async function deletePackagePhoto(
  deps: PhotoDeps,
  request: { packageId: number; photoId: number; actorId: number },
): Promise<null> {
  const { db, store, now } = deps
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(packagePhotos)
      .where(and(eq(packagePhotos.id, request.photoId), eq(packagePhotos.packageId, request.packageId)))
      .returning()
    if (!row) throw notFound('photo')
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'package.photoDelete',
      entity: 'package',
      entityId: request.packageId,
      before: {
        photoId: row.id,
        width: row.width,
        height: row.height,
        keys: row.variants.map((variant) => variant.key),
      },
      after: null,
      at: now,
    })
    return row
  })
  // After the commit: a rolled-back delete must still find its files.
  await removeVariants(
    store,
    removed.variants.map((variant) => variant.key),
  )
  return null
}

/** The bytes behind a signed URL's key, or undefined when the photo is gone. */
export async function readPackagePhoto(
  store: PackagePhotoStore,
  key: string,
): Promise<Uint8Array | undefined> {
  if (packageIdOfKey(key) === undefined) return undefined
  return store.get(key)
}
