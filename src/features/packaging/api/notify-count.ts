import type { PackageNotifyCountDto } from '../../../domain/packaging.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/**
 * GET /mall/package_apply/notifyCount: orders waiting for a packaging request (and those past its
 * deadline), packages whose shipping fee is unpaid (and those past its due date).
 */
export const getPackageNotifyCount = (options?: ApiCallOptions) =>
  apiGet<PackageNotifyCountDto>('/mall/package_apply/notifyCount', {}, options)
