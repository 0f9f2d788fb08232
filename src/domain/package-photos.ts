import * as v from 'valibot'
import { idValue } from './list-queries.ts'

/*
 * Photos of a packed box (flows §7): the staff take them at packing, the package's shopper sees them
 * before paying the shipping fee. Private: every URL handed out is signed and expires.
 */

/** How many photos one package keeps: enough for every side and the contents, not an album. */
export const PACKAGE_PHOTOS_MAX = 12

/** How long a photo's signed URL works, in seconds: a page reads the list again after that. */
export const PACKAGE_PHOTO_URL_SECONDS = 3600

/** Why a photo upload is refused beyond the media pipeline's own reasons (msg `file: …`). */
export const PackagePhotoMessage = {
  tooMany: `must not make the package hold more than ${PACKAGE_PHOTOS_MAX} photos`,
} as const

/** One photo on the wire: `url` is the large picture, `thumbnailUrl` the narrowest; both expire. */
export interface PackagePhotoDto {
  id: number
  url: string
  thumbnailUrl: string
  /** The photo's size after EXIF orientation. */
  width: number
  height: number
}

export interface PackagePhotoListDto {
  list: PackagePhotoDto[]
}

/** GET /mall/package/photos/{packageId}. */
export const packagePhotoListParams = v.object({ packageId: idValue })
/** /ops/packages/{id}/photos. */
export const opsPackagePhotosParams = v.object({ id: idValue })
/** DELETE /ops/packages/{id}/photos/{photoId}. */
export const opsPackagePhotoParams = v.object({ id: idValue, photoId: idValue })
