import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/**
 * The process's metrics (deploy §2), in Prometheus text at GET /metrics. One registry per process:
 * each app process is scraped on its own (behind the proxy, through its own address).
 */
export const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry })

/** Request durations by method, route pattern (never the raw path: ids would explode the series) and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Duration of HTTP requests in seconds, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

const paymentsTotal = new Counter({
  name: 'yoyaku_payments_total',
  help: 'Payment confirmations handled, by gateway and outcome',
  labelNames: ['gateway', 'outcome'] as const,
  registers: [metricsRegistry],
})

const jobRunsTotal = new Counter({
  name: 'yoyaku_job_runs_total',
  help: 'Scheduled job runs, by job and whether this process held the lock and did the work (ran)',
  labelNames: ['job', 'ran'] as const,
  registers: [metricsRegistry],
})

const cacheHitsTotal = new Counter({
  name: 'yoyaku_cache_hits_total',
  help: 'Answers taken from a per-process cache, by cache',
  labelNames: ['cache'] as const,
  registers: [metricsRegistry],
})

const cacheMissesTotal = new Counter({
  name: 'yoyaku_cache_misses_total',
  help: 'Lookups a per-process cache could not answer, by cache',
  labelNames: ['cache'] as const,
  registers: [metricsRegistry],
})

export type CacheName = 'catalog' | 'session' | 'favourites'

/** Counts one lookup of a per-process cache. */
export function countCacheLookup(cache: CacheName, hit: boolean): void {
  ;(hit ? cacheHitsTotal : cacheMissesTotal).inc({ cache })
}

/** Counts one run of a scheduled job; `ran` is false when another process held its lock. */
export function countJobRun(job: string, ran: boolean): void {
  jobRunsTotal.inc({ job, ran: String(ran) })
}

/** Counts one payment confirmation: `outcome` is e.g. paid, failed, duplicate, rejected. */
export function countPayment(gateway: string, outcome: string): void {
  paymentsTotal.inc({ gateway, outcome })
}
