import type { PackageNotifyCountDto } from '../../../domain/packaging.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/package_apply/notifyCount: the packaging and shipping-fee reminders' counts (flows §6). */
export const packageNotifyCount = (options: ApiCallOptions = { systemNotify: false }) =>
  apiGet<PackageNotifyCountDto>('/mall/package_apply/notifyCount', {}, options)
