import { timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { metricsRegistry } from '../observability/metrics.ts'
import { peerAddress } from './session.ts'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Whether the caller may read the metrics (deploy §2): with METRICS_TOKEN, a matching bearer token;
 * without one, a loopback peer that did not come through a proxy (a proxy on the same machine
 * connects from loopback too, and would otherwise hand the metrics to anyone).
 */
function mayReadMetrics(c: Context<AppEnv>): boolean {
  const { metricsToken } = c.var.deps
  if (metricsToken) {
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
    return bearer !== undefined && sameSecret(bearer, metricsToken)
  }
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded')) return false
  return LOOPBACK.test(peerAddress(c) ?? '')
}

/** GET /metrics: the process's metrics in Prometheus text format. */
export async function metricsHandler(c: Context<AppEnv>): Promise<Response> {
  if (!mayReadMetrics(c)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"')
    return c.text('Metrics need METRICS_TOKEN as a bearer token, or a call from this machine', 401)
  }
  c.header('Cache-Control', 'no-store')
  return c.body(await metricsRegistry.metrics(), 200, { 'Content-Type': metricsRegistry.contentType })
}
