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

/** Sequential GETs against a running server on loopback; a bounded count, so it always ends. */
export async function measureLatency(baseUrl: string, path: string, requests = 200): Promise<Latency> {
  for (let i = 0; i < 10; i++) await (await fetch(baseUrl + path)).arrayBuffer() // warm-up
  const times: number[] = []
  for (let i = 0; i < requests; i++) {
    const start = performance.now()
    const response = await fetch(baseUrl + path, { headers: { 'Accept-Encoding': 'gzip' } })
    await response.arrayBuffer()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return {
    path,
    requests,
    p50Ms: round(percentile(times, 0.5)),
    p95Ms: round(percentile(times, 0.95)),
    maxMs: round(times[times.length - 1] ?? 0),
  }
}
