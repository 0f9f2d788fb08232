import { createFactory } from 'hono/factory'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { AppEnv } from '../../app-env.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { uploadedFileBytes } from '../../http/validate.ts'
import { storeUpload } from '../../services/media/media-uploads.ts'

const factory = createFactory<AppEnv>()

export const uploadMediaHandlers = factory.createHandlers(requirePermission('catalog'), async (c) => {
  const bytes = await uploadedFileBytes(
    c,
    () => new ApiError(ResultCode.invalidInput, `file: ${ValidationMessage.required}`),
  )
  const { db, media, now } = c.var.deps
  return ok(c, await storeUpload(db, media, bytes, signedIn(c).userId, now()))
})
