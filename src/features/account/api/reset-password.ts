import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

/** PUT /mall/user/reset: a new password with the e-mailed code. */
export const resetPassword = (
  input: { username: string; password: string; code: string },
  options?: ApiCallOptions,
) => apiPut<null>('/mall/user/reset', input, options)
