import { createFactory } from 'hono/factory'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppEnv } from '../../app-env.ts'
import { ping } from '../../db/client.ts'
import { fail, ok } from '../../http/envelope.ts'

const factory = createFactory<AppEnv>()

export const healthHandlers = factory.createHandlers(async (c) => {
  try {
    await ping(c.var.deps.db)
  } catch {
    return fail(c, ResultCode.internal, 'database unreachable', { status: 'degraded', database: 'down' })
  }
  return ok(c, { status: 'ok', database: 'ok' })
})
