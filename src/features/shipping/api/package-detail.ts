import type { Language } from '../../../domain/language.ts'
import type { PackageDto } from '../../../domain/packaging.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/package/detail/{applyId}/{boxId}: one of the shopper's packages (404 otherwise). */
export const getPackageDetail = (
  applyId: number,
  packageId: number,
  language: Language,
  options: ApiCallOptions = { systemNotify: false },
) => apiGet<PackageDto>(`/mall/package/detail/${applyId}/${packageId}`, { language }, options)
