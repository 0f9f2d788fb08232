import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

/** PUT /mall/user/updateWechat?wechat=: the messaging account; a fresh token carries the new flag. */
export const updateWechat = (wechat: string, options?: ApiCallOptions) =>
  apiPut<null>('/mall/user/updateWechat', undefined, { ...options, query: { ...options?.query, wechat } })
