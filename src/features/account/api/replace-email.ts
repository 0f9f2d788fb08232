import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

/** PUT /mall/user/replaceEmail: confirms an e-mail change with the address and code from the link. */
export const replaceEmail = (input: { username: string; code: string }, options?: ApiCallOptions) =>
  apiPut<{ username: string }>('/mall/user/replaceEmail', input, options)
