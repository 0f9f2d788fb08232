/**
 * API throughput: autocannon, 10 connections for 10 s each, one after the other in one run, against
 * the home page's hot list as a visitor and as a signed-in shopper, the category tree, and a bare
 * node:http server answering the visitor hot list's bytes. The bare server runs in its own child
 * process started like the server (same node, no flags), so the ratios compare the catalog calls
 * (framework, session, cache, request log as shipped) with the cheapest JSON answer this machine gives.
 *
 * No Accept-Encoding is sent: both sides answer the same bytes, uncompressed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

/** The path and query the home page asks for its hot list (src/features/home/api/get-hot-list.ts). */
export const HOME_HOT_LIST_PATH = '/api/mall/product/hotList?language=zhCn'
export const CATEGORY_LIST_PATH = '/api/mall/category/list'

const BARE_SERVER_FILE = 'tests/bench/bare-json-server.ts'

export interface Throughput {
  label: string
  url: string
  requestsPerSecond: number
  /** Bytes of one answer's body. */
  bodyBytes: number
}

export interface ApiThroughput {
  connections: number
  durationSeconds: number
  visitorHotList: Throughput
  shopperHotList: Throughput
  categoryList: Throughput
  bareJson: Throughput
  /** visitorHotList / bareJson requests per second (deploy issue: at least 0.4). */
  visitorToBareRatio: number
  /** shopperHotList / bareJson requests per second (deploy issue: at least 0.3). */
  shopperToBareRatio: number
}

export interface ThroughputOptions {
  connections?: number
  durationSeconds?: number
  /** Unreported run before each measurement, so every target is measured warm. */
  warmUpSeconds?: number
}

/** Starts the bare JSON route on a free port; resolves with its address once it prints it. */
function startBareServer(bodyFile: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [BARE_SERVER_FILE], {
    env: { ...process.env, BARE_JSON_BODY_FILE: bodyFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1]
      if (port) resolve({ child, baseUrl: `http://127.0.0.1:${port}` })
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('exit', (code) => reject(new Error(`bare JSON server exited with ${code}: ${output}`)))
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** One GET's status and body, uncompressed, as autocannon will get it. */
async function fetchBody(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } })
  const body = await response.text()
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body}`)
  return body
}

async function hammer(
  label: string,
  url: string,
  headers: Record<string, string>,
  options: Required<ThroughputOptions>,
): Promise<Throughput> {
  const body = await fetchBody(url, headers)
  const run = (duration: number) => autocannon({ url, headers, connections: options.connections, duration })
  if (options.warmUpSeconds > 0) await run(options.warmUpSeconds)
  const result = await run(options.durationSeconds)
  // A run with failures measures the failures; refuse to report it.
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    )
  }
  return {
    label,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    bodyBytes: Buffer.byteLength(body),
  }
}

/**
 * Measures the four targets against a running server at `baseUrl`; `shopperToken` is a signed-in
 * customer's session token (sent in the `token` header).
 */
export async function measureApiThroughput(
  baseUrl: string,
  shopperToken: string,
  options: ThroughputOptions = {},
): Promise<ApiThroughput> {
  const settings = { connections: 10, durationSeconds: 10, warmUpSeconds: 2, ...options }
  const visitorUrl = baseUrl + HOME_HOT_LIST_PATH
  const scratch = mkdtempSync(join(tmpdir(), 'yoyaku-throughput-'))
  const bodyFile = join(scratch, 'body.json')
  writeFileSync(bodyFile, await fetchBody(visitorUrl, {}))
  const bare = await startBareServer(bodyFile)
  try {
    const visitorHotList = await hammer('visitor hotList', visitorUrl, {}, settings)
    const shopperHotList = await hammer(
      'signed-in shopper hotList',
      visitorUrl,
      { token: shopperToken },
      settings,
    )
    const categoryList = await hammer('category list', baseUrl + CATEGORY_LIST_PATH, {}, settings)
    const bareJson = await hammer('bare node:http server', `${bare.baseUrl}/bare.json`, {}, settings)
    const ratio = (target: Throughput) =>
      Math.round((target.requestsPerSecond / bareJson.requestsPerSecond) * 1000) / 1000
    return {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      visitorHotList,
      shopperHotList,
      categoryList,
      bareJson,
      visitorToBareRatio: ratio(visitorHotList),
      shopperToBareRatio: ratio(shopperHotList),
    }
  } finally {
    await stopChild(bare.child)
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** The figures as lines for the bench's output. */
export function throughputLines(result: ApiThroughput): string[] {
  const targets = [result.visitorHotList, result.shopperHotList, result.categoryList, result.bareJson]
  return [
    `API throughput (autocannon, ${result.connections} connections, ${result.durationSeconds} s each):`,
    ...targets.map(
      (target) => `  ${target.label}: ${target.requestsPerSecond} req/s (${target.bodyBytes} B body)`,
    ),
    `  visitor hotList / bare server: ${result.visitorToBareRatio}`,
    `  signed-in hotList / bare server: ${result.shopperToBareRatio}`,
  ]
}
