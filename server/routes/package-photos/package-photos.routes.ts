import * as v from 'valibot'
import { PACKAGE_PHOTOS_MAX } from '../../../src/domain/package-photos.ts'
import {
  packagePhotoAnswer,
  packagePhotoFileAnswer,
  packagePhotoListAnswer,
} from '../../answers/package-photos.ts'
import { nothing } from '../../answers/shape.ts'
import type { RouteContract } from '../contract.ts'

/*
 * Photos of packed boxes (flows §7): the packing room adds and removes them (warehouse permission,
 * audited), the package's shopper sees them before paying the shipping fee. Private: the answers carry
 * signed URLs that expire, answered by GET /package-photos/… without a token.
 */

export const listShopperPackagePhotos = {
  method: 'get',
  path: '/mall/package/photos/:packageId',
  summary:
    'The photos the staff took of the caller’s package {packageId}, oldest first, each with signed URLs (the large picture and a thumbnail) that work for an hour; another shopper’s package is a 404',
  tag: 'packages',
  access: 'customer',
  returns: packagePhotoListAnswer,
} satisfies RouteContract

export const listOpsPackagePhotos = {
  method: 'get',
  path: '/ops/packages/:id/photos',
  summary: 'The photos of any package, oldest first, with signed URLs that work for an hour',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  returns: packagePhotoListAnswer,
} satisfies RouteContract

export const addPackagePhoto = {
  method: 'post',
  path: '/ops/packages/:id/photos',
  summary: `multipart/form-data with field \`file\`: a photo of the packed box, a JPEG, PNG, WebP or AVIF (judged by its bytes) of at most 10 MB and 40 megapixels. Re-encoded into WebP at up to 1280 px wide without any metadata (EXIF, GPS location), kept privately. A package holds at most ${PACKAGE_PHOTOS_MAX} photos: 400 on file beyond that, as for a file refused. Audited`,
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  returns: packagePhotoAnswer,
} satisfies RouteContract

export const deletePackagePhoto = {
  method: 'delete',
  path: '/ops/packages/:id/photos/:photoId',
  summary:
    'Removes a photo of the package and its stored files (404 when the package has no such photo). Audited',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  returns: nothing,
} satisfies RouteContract

export const packagePhotoFile = {
  method: 'get',
  path: '/package-photos/:packageId/:file',
  summary:
    'A photo’s bytes through the signed URL a photo list handed out (no token: an <img> sends none). 403 when the signature does not match or the URL has expired, 404 when the photo was removed',
  tag: 'packages',
  access: 'public',
  query: v.object({
    expires: v.pipe(v.string(), v.description('Unix seconds after which the URL stops working')),
    signature: v.pipe(v.string(), v.description('HMAC-SHA256 of the key and expires, base64url')),
  }),
  returns: packagePhotoFileAnswer,
} satisfies RouteContract

export const packagePhotoContracts: RouteContract[] = [
  listShopperPackagePhotos,
  listOpsPackagePhotos,
  addPackagePhoto,
  deletePackagePhoto,
  packagePhotoFile,
]

/** POST /ops/packages/{id}/photos: its body may hold a whole photo (server/app.ts bodyLimitOf). */
export const isPackagePhotoUploadPath = (path: string): boolean =>
  /\/ops\/packages\/[^/]+\/photos$/.test(path)
