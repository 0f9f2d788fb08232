import type { VipLevel } from '../../../domain/tiers.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/vip/list: the membership levels and their points rates. */
export const getVipLevels = (options?: ApiCallOptions) => apiGet<VipLevel[]>('/mall/vip/list', {}, options)
