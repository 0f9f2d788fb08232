import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/** POST /mall/user/login: the token arrives in the response header; the session takes it from there. */
export const logIn = (
  input: { username: string; password: string; redirectUrl?: string },
  options?: ApiCallOptions,
) => apiPost<{ redirectUrl: string | null }>('/mall/user/login', input, options)
