import { createFactory } from 'hono/factory'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { AppEnv } from '../../app-env.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { storeUpload } from '../../services/media/media-uploads.ts'

const factory = createFactory<AppEnv>()

export const uploadMediaHandlers = factory.createHandlers(requirePermission('catalog'), async (c) => {
  let form: Record<string, unknown>
  try {
    form = await c.req.parseBody()
  } catch {
    throw new ApiError(ResultCode.invalidInput, 'body: is not valid multipart/form-data')
  }
  const file = form.file
  if (!(file instanceof File))
    throw new ApiError(ResultCode.invalidInput, `file: ${ValidationMessage.required}`)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const { db, media, now } = c.var.deps
  return ok(c, await storeUpload(db, media, bytes, signedIn(c).userId, now()))
})
