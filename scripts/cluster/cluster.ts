/**
 * The scale-out topology on one machine (deploy §3): N app processes on one PostgreSQL, each on its
 * own loopback port, behind the system's Caddy or nginx. `npm run cluster` is its CLI
 * (scripts/cluster.ts); the scale-out tests start it through `startCluster`.
 */
import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { AppProcess, type ClusterNode, Readiness } from './app-process.ts'
import { freePort } from './free-port.ts'
import { findProxy, type ProxyKind, ProxyProcess } from './proxy.ts'

export type { ClusterNode } from './app-process.ts'
export { NoProxyError, type ProxyKind } from './proxy.ts'

export interface ClusterOptions {
  /** How many app processes (default 2). */
  processes?: number
  /**
   * The processes' environment, over this process's own. DATABASE_URL is required. Every process
   * gets HOST=127.0.0.1, its own PORT, TRUST_PROXY=1 and one shared MEDIA_DIR (default
   * `$DATA_DIR/media`); PUBLIC_URL defaults to the proxy's address.
   */
  env: Record<string, string>
  /** The proxy's port; 0 or absent picks a free one. */
  proxyPort?: number
  /** Caddy when installed, else nginx; name one to insist on it. */
  proxy?: ProxyKind
  /** Every line the processes and the proxy print, and the cluster's own reports (default: none). */
  log?: (line: string) => void
  /** Aborting it while the cluster starts stops what has started; startCluster then rejects. */
  signal?: AbortSignal
}

export interface Cluster {
  /** The proxy: http://127.0.0.1:<port>. */
  proxyUrl: string
  proxy: ProxyKind
  nodes: ClusterNode[]
  /** Stops the proxy and every process (SIGTERM, then waits for their exit). */
  stop(): Promise<void>
}

/** A setting that cannot work: one line for the person who set it. */
export class ClusterConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ClusterConfigError'
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '..', '..')

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env }
  if (!env.DATABASE_URL?.trim()) {
    throw new ClusterConfigError(
      'DATABASE_URL is not set: the cluster runs on PostgreSQL (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/yoyaku npm run cluster)',
    )
  }
  const count = options.processes ?? 2
  if (!Number.isInteger(count) || count < 1) {
    throw new ClusterConfigError(
      `the number of processes must be a whole number of at least 1 (got ${count})`,
    )
  }
  const proxyBinary = findProxy(options.proxy)
  const log = options.log ?? (() => {})

  const proxyPort = options.proxyPort || (await freePort())
  const appPorts: number[] = []
  while (appPorts.length < count) {
    const port = await freePort()
    if (port !== proxyPort && !appPorts.includes(port)) appPorts.push(port)
  }
  const dataDir = resolve(env.DATA_DIR?.trim() || './data')
  const mediaDir = resolve(env.MEDIA_DIR?.trim() || join(dataDir, 'media'))
  await mkdir(mediaDir, { recursive: true })
  const appEnv: NodeJS.ProcessEnv = {
    ...env,
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    PUBLIC_URL: env.PUBLIC_URL?.trim() || `http://localhost:${proxyPort}`,
  }

  let running = true
  const readiness = new Readiness()
  const nodes = appPorts.map(
    (port, index) =>
      new AppProcess(index, port, appEnv, {
        command: process.execPath,
        cwd: REPO_ROOT,
        readiness,
        log,
        isRunning: () => running,
      }),
  )
  const dir = await mkdtemp(join(tmpdir(), 'yoyaku-cluster-'))
  let proxy: ProxyProcess | undefined
  // Last resort when this process ends without stop() (an uncaught error): leave nothing running.
  const killAll = () => {
    for (const node of nodes) node.killNow()
    proxy?.killNow()
    rmSync(dir, { recursive: true, force: true })
  }
  process.on('exit', killAll)

  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= (async () => {
      running = false
      await Promise.all([proxy?.stop(), ...nodes.map((node) => node.stop())])
      process.off('exit', killAll)
      await rm(dir, { recursive: true, force: true })
    })()
    return stopped
  }

  const abort = () => void stop()
  options.signal?.addEventListener('abort', abort, { once: true })
  try {
    // All at once, as a deployment starts them: the first to take the migration lock migrates.
    await Promise.all(nodes.map((node) => node.start()))
    proxy = new ProxyProcess(
      proxyBinary,
      { dir, port: proxyPort, upstreamPorts: appPorts, readyPath: readiness.path ?? '/api/ready' },
      { log, isRunning: () => running },
    )
    await proxy.start()
  } catch (error) {
    await stop()
    if (options.signal?.aborted) throw new Error('stopped before the cluster was ready', { cause: error })
    throw error
  } finally {
    options.signal?.removeEventListener('abort', abort)
  }
  return { proxyUrl: proxy.url, proxy: proxy.kind, nodes, stop }
}
