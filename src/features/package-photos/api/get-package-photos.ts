import type { PackagePhotoListDto } from '../../../domain/package-photos.ts'
import { apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/package/photos/{packageId}: the staff's photos of the caller's box, with signed URLs that
 * work for an hour (another shopper's box is a 404). The page shows a failure itself: no toast.
 */
export const getPackagePhotos = (packageId: number) =>
  apiGet<PackagePhotoListDto>(`/mall/package/photos/${packageId}`, {}, { systemNotify: false })
