import * as v from 'valibot'
import type { PackagePhotoDto, PackagePhotoListDto } from '../../src/domain/package-photos.ts'
import { answerOf, count, id, named, notJson } from './shape.ts'

const signedUrl = v.pipe(
  v.string(),
  v.description('A signed URL of this server that stops working after an hour: read the list again then'),
)

/** A photo of a packed box (the upload's answer, and each entry of the lists). */
export const packagePhotoAnswer = named(
  'PackagePhotoDto',
  answerOf<PackagePhotoDto>()(
    v.strictObject({
      id,
      url: signedUrl,
      thumbnailUrl: signedUrl,
      width: count,
      height: count,
    }),
  ),
)

export const packagePhotoListAnswer = named(
  'PackagePhotoListDto',
  answerOf<PackagePhotoListDto>()(v.strictObject({ list: v.array(packagePhotoAnswer) })),
)

/** The bytes behind a signed URL. */
export const packagePhotoFileAnswer = notJson({
  status: 200,
  contentType: 'image/webp',
  description: 'The photo as WebP, with Cache-Control: private, no-store',
})
