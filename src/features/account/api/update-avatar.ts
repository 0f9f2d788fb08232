import { type ApiCallOptions, apiUpload } from '../../../lib/api-client.ts'

/** PUT /mall/user/updateAvatar (multipart, field `file`): returns the new avatar's path. */
export function updateAvatar(file: File, options?: ApiCallOptions) {
  const form = new FormData()
  form.append('file', file)
  return apiUpload<{ avatar: string }>('/mall/user/updateAvatar', form, options)
}
