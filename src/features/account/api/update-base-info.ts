import type { Sex } from '../../../domain/account.ts'
import type { UserProfile } from '../../../domain/session.ts'
import { type ApiCallOptions, apiPut } from '../../../lib/api-client.ts'

export interface BaseInfoInput {
  nickname: string
  sex: Sex
  telephone?: string
  /** YYYY-MM-DD */
  birthday?: string
}

/** PUT /mall/user/updateBaseInfo: the whole base info; a fresh token with the new nickname comes back. */
export const updateBaseInfo = (input: BaseInfoInput, options?: ApiCallOptions) =>
  apiPut<UserProfile>('/mall/user/updateBaseInfo', input, options)
