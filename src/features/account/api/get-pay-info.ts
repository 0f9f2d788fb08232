import type { PayInfo } from '../../../domain/session.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/user/payInfo: role, points and what the tier label needs. */
export const getPayInfo = (options?: ApiCallOptions) => apiGet<PayInfo>('/mall/user/payInfo', {}, options)
