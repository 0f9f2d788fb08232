export interface Latency {
  path: string
  requests: number
  p50Ms: number
  p95Ms: number
  maxMs: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
const round = (ms: number) => Math.round(ms * 100) / 100

/**
 * Sequential requests (GET unless `init` says otherwise) against a running server on loopback; a
 * bounded count, so it always ends. Each answer must be a success, or the number would mean nothing.
 */
export async function measureLatency(
  baseUrl: string,
  path: string,
  options: { requests?: number; warmUp?: number; init?: RequestInit } = {},
): Promise<Latency> {
  const { requests = 200, warmUp = 10, init = {} } = options
  const send = async () => {
    const response = await fetch(baseUrl + path, {
      ...init,
      headers: { 'Accept-Encoding': 'gzip', ...init.headers },
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  }
  for (let i = 0; i < warmUp; i++) await send()
  const times: number[] = []
  for (let i = 0; i < requests; i++) {
    const start = performance.now()
    await send()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return {
    path: `${init.method ?? 'GET'} ${path}`,
    requests,
    p50Ms: round(percentile(times, 0.5)),
    p95Ms: round(percentile(times, 0.95)),
    maxMs: round(times[times.length - 1] ?? 0),
  }
}
