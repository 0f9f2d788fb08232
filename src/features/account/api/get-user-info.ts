import type { UserProfile } from '../../../domain/session.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/user/info */
export const getUserInfo = (options?: ApiCallOptions) => apiGet<UserProfile>('/mall/user/info', {}, options)
