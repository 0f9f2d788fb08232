import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/user/checkToken: resolves when the session is good; 9004/9005 reject (and end the session). */
export const checkToken = (options?: ApiCallOptions) =>
  apiGet<{ valid: true }>('/mall/user/checkToken', {}, options)
