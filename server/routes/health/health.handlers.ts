import { createFactory } from 'hono/factory'
import { type Envelope, ResultCode } from '../../../src/domain/result-code.ts'
import type { AppEnv } from '../../app-env.ts'
import { isMigrated, ping } from '../../db/client.ts'
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

/**
 * GET /api/ready (deploy §1–2). A load balancer sends traffic only while this is 200: a draining
 * process (SIGTERM) answers 503 at once, so the proxy stops sending before the process stops.
 */
export const readyHandlers = factory.createHandlers(async (c) => {
  const notReady = (status: string) => {
    c.header('Cache-Control', 'no-store')
    const body: Envelope<{ status: string }> = {
      code: ResultCode.internal,
      msg: `not ready: ${status}`,
      data: { status },
    }
    return c.json(body, 503)
  }
  if (c.var.deps.draining?.()) return notReady('draining')
  try {
    if (!(await isMigrated(c.var.deps.db))) return notReady('not migrated')
  } catch {
    return notReady('database down')
  }
  c.header('Cache-Control', 'no-store')
  return ok(c, { status: 'ready' })
})
