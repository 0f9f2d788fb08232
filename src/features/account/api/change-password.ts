import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

/** PUT /mall/user/changePwd: other devices are signed out; this one stays. */
export const changePassword = (
  input: { password: string; newPassword: string; confirmPassword: string },
  options?: ApiCallOptions,
) => apiPut<null>('/mall/user/changePwd', input, options)
