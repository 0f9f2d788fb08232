import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import type { AppEnv } from '../app-env.ts'
import { requestContext, requestLogger } from '../observability/log.ts'
import { httpRequestDuration } from '../observability/metrics.ts'

export const REQUEST_ID_HEADER = 'x-request-id'

/** A request id a proxy or client may send: short, printable, nothing a log reader could trip on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** The request's own id when it is sane, else a fresh one. */
export function requestIdOf(c: Context): string {
  return requestIdFrom(c.req.header(REQUEST_ID_HEADER))
}

/** `sent` when it is a sane request id, else a fresh one. */
export function requestIdFrom(sent: string | undefined): string {
  return sent && SANE_REQUEST_ID.test(sent) ? sent : randomUUID()
}

/**
 * Every request (deploy §2): its id taken or made and echoed as `x-request-id`, its duration in the
 * `http_request_duration_seconds` histogram by route pattern, and, when `logRequests`, one JSON line
 * with `reqId`, `method`, `route`, `status`, `ms` and `userId`. Never the raw query string, headers or
 * body: they carry tokens, codes and addresses. Every line logged while it runs carries its `reqId` too.
 */
export function requestLog(logRequests: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now()
    const reqId = requestIdOf(c)
    c.header(REQUEST_ID_HEADER, reqId)
    try {
      await requestContext.run({ reqId }, next)
    } finally {
      logRequest(logRequests, {
        reqId,
        method: c.req.method,
        route: routePath(c) || 'unmatched',
        status: c.res.status,
        seconds: (performance.now() - started) / 1000,
        userId: c.var.signedIn?.userId,
      })
    }
  })
}

export interface RequestRecord {
  reqId: string
  method: string
  /** The route's pattern, never the path as sent. */
  route: string
  status: number
  seconds: number
  userId: number | undefined
}

/** Counts a finished request in the histogram and, when `logRequests`, writes its line. */
export function logRequest(logRequests: boolean, request: RequestRecord): void {
  const { reqId, method, route, status, seconds, userId } = request
  httpRequestDuration.observe({ method, route, status }, seconds)
  if (!logRequests) return
  const line = { reqId, method, route, status, ms: Math.round(seconds * 10_000) / 10, userId }
  // 503 is a draining or not-ready process saying so (the proxy's health checks): expected.
  if (status === 503) requestLogger.warn(line, 'request refused: not ready')
  else if (status >= 500) requestLogger.error(line, 'request failed')
  else requestLogger.info(line, 'request')
}
