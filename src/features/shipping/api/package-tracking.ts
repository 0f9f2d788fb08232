import type { TrackingDto } from '../../../domain/packaging.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/package/tracking/{packageId}: the number, the carrier and its page (nulls before shipping). */
export const getPackageTracking = (packageId: number, options: ApiCallOptions = { systemNotify: false }) =>
  apiGet<TrackingDto>(`/mall/package/tracking/${packageId}`, {}, options)
