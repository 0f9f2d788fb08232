import type { Language } from '../../../domain/language.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

export interface RegisterInput {
  username: string
  password: string
  nickname: string
  telephone?: string
  wechat?: string
  code: string
  language: Language
}

/** POST /mall/user/register: the new account comes back signed in (token header, taken by the client). */
export const registerAccount = (input: RegisterInput, options?: ApiCallOptions) =>
  apiPost<null>('/mall/user/register', input, options)
