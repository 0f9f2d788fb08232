/**
 * `npm run cluster`: the scale-out topology on one machine (deploy §3). CLUSTER_PROCESSES app
 * processes (default 2) on DATABASE_URL behind Caddy or nginx on CLUSTER_PORT (default 8080, 0 picks
 * a free port); CLUSTER_PROXY=caddy|nginx picks the proxy when both are installed. Ctrl-C stops all.
 */
import { ClusterConfigError, startCluster } from './cluster/cluster.ts'
import type { ProxyKind } from './cluster/proxy.ts'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function wholeNumber(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name]?.trim()
  if (!text) return fallback
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) {
    fail(`Invalid configuration: ${name} must be a whole number from ${min} to ${max} (got "${text}")`)
  }
  return value
}

const processes = wholeNumber('CLUSTER_PROCESSES', 2, 1, 64)
const proxyPort = wholeNumber('CLUSTER_PORT', 8080, 0, 65535)
const proxyName = process.env.CLUSTER_PROXY?.trim() || undefined
if (proxyName !== undefined && proxyName !== 'caddy' && proxyName !== 'nginx') {
  fail(`Invalid configuration: CLUSTER_PROXY must be caddy or nginx (got "${proxyName}")`)
}

const env: Record<string, string> = {}
for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value

// Signals before the cluster is up abort its start; after, they stop it.
const starting = new AbortController()
let stopCluster: (() => Promise<void>) | undefined
let stopping = false
function onSignal(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  if (!stopCluster) {
    starting.abort()
    return
  }
  console.log(`${signal}: stopping the proxy and every process`)
  stopCluster().then(
    () => process.exit(0),
    (error: unknown) => fail(`Could not stop cleanly: ${(error as Error).message}`),
  )
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

try {
  const cluster = await startCluster({
    processes,
    env,
    proxyPort,
    proxy: proxyName as ProxyKind | undefined,
    log: (line) => console.log(line),
    signal: starting.signal,
  })
  stopCluster = cluster.stop
  const port = new URL(cluster.proxyUrl).port
  console.log(
    `Yoyaku cluster listening on http://localhost:${port} (${cluster.nodes.length} processes behind ${cluster.proxy})`,
  )
} catch (error) {
  if (starting.signal.aborted) process.exit(0)
  if (error instanceof ClusterConfigError) fail(error.message)
  fail(`Cannot start the cluster: ${(error as Error).message}`)
}
