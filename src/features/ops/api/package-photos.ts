import type { PackagePhotoDto, PackagePhotoListDto } from '../../../domain/package-photos.ts'
import { apiDelete, apiGet } from '../../../lib/api-client.ts'
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts'

/** GET /api/ops/packages/{id}/photos: the box's photos, oldest first, with signed URLs (an hour). */
export const listOpsPackagePhotos = (packageId: number) =>
  apiGet<PackagePhotoListDto>(`/ops/packages/${packageId}/photos`, {}, { systemNotify: false })

/**
 * POST /api/ops/packages/{id}/photos (multipart `file`): the photo re-encoded without its metadata.
 * `onProgress` hears the share sent, 0–1. A refusal is an ApiFailure whose msg is `file: …`.
 */
export function uploadPackagePhoto(
  packageId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<PackagePhotoDto> {
  const form = new FormData()
  form.append('file', file, file.name)
  return uploadWithProgress<PackagePhotoDto>(`/ops/packages/${packageId}/photos`, form, {
    ...(onProgress
      ? { onProgress: ({ loaded, total }) => (total ? onProgress(loaded / total) : undefined) }
      : {}),
  })
}

/** DELETE /api/ops/packages/{id}/photos/{photoId}. */
export const deletePackagePhoto = (packageId: number, photoId: number) =>
  apiDelete<null>(`/ops/packages/${packageId}/photos/${photoId}`, undefined, { systemNotify: false })
