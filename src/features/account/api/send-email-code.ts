import type { EmailCodeType } from '../../../domain/account.ts'
import type { Language } from '../../../domain/language.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/** POST /mall/user/code/email: mails a 6-digit code (an e-mail change needs the session). */
export const sendEmailCode = (
  input: { type: EmailCodeType; username: string; language: Language },
  options?: ApiCallOptions,
) => apiPost<null>('/mall/user/code/email', input, options)
