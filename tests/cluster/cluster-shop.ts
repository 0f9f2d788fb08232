import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import {
  type Cluster,
  type ClusterNode,
  type ProxyKind,
  startCluster,
} from '../../scripts/cluster/cluster.ts'
import { type Db, openDatabase } from '../../server/db/client.ts'
import { users } from '../../server/db/schema.ts'
import { loadAuthKeys } from '../../server/services/accounts/server-secrets.ts'
import { openSession } from '../../server/services/accounts/sessions.ts'
import { hashPassword } from '../../server/services/accounts/sign-in.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { OPERATOR } from '../e2e/shop.ts'

/*
 * The real topology for the scale-out tests (deploy §3): app processes on a fresh PostgreSQL database
 * behind the system's Caddy or nginx, started by the same code as `npm run cluster`.
 */

export interface ClusterShop {
  cluster: Cluster
  /** The database the processes run on, for fixtures (drizzle, migrated) and for checks (raw SQL). */
  db: Db
  sql: pg.Pool
  /** Signs session tokens as the processes do (the key lives in the database). */
  tokenKey: Uint8Array
  /** The cluster's own reports (a process that died, started again) and the proxy's lines. */
  reports: string[]
  /** The media folder the processes share (the cluster's MEDIA_DIR); unused with MEDIA_STORE=s3. */
  mediaDir: string
  stop(): Promise<void>
}

/** CLUSTER_PROXY=caddy|nginx picks the proxy, as for `npm run cluster`; else Caddy when installed. */
function proxyWanted(): ProxyKind | undefined {
  const wanted = process.env.CLUSTER_PROXY?.trim() || undefined
  assert.ok(
    wanted === undefined || wanted === 'caddy' || wanted === 'nginx',
    `CLUSTER_PROXY must be caddy or nginx (got "${wanted}")`,
  )
  return wanted
}

/** Where the tests may create databases: the server TEST_DATABASE_URL names (CI sets it). */
export function postgresServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL?.trim()
  assert.ok(
    url,
    'TEST_DATABASE_URL is not set: the cluster tests run on PostgreSQL and create a database per cluster on that server (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)',
  )
  return url
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A fresh database, migrated, with `prepare` run on it, then the cluster on it. `prepare` must leave a
 * category in place: a process that finds a catalog skips the demo seed, whose 60 pictures every
 * process starting on an empty database encodes (about a minute on two cores), which these tests do
 * not need; they make their own products.
 */
export async function startClusterShop(options: {
  env?: Record<string, string>
  prepare(db: Db): Promise<void>
}): Promise<ClusterShop> {
  const serverUrl = postgresServerUrl()
  const name = `yoyaku_cluster_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  const dataDir = await mkdtemp(join(tmpdir(), 'yoyaku-cluster-data-'))
  const reports: string[] = []
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined
  let sql: pg.Pool | undefined
  let cluster: Cluster | undefined

  const stop = async () => {
    await cluster?.stop()
    await sql?.end()
    await handle?.close()
    // pg-pool's end() resolves before its sockets close: a plain drop waits for them, force only then.
    await onServer(serverUrl, (client) =>
      client
        .query(`drop database if exists ${name}`)
        .catch(() => client.query(`drop database if exists ${name} with (force)`)),
    )
    await rm(dataDir, { recursive: true, force: true })
  }

  try {
    handle = await openDatabase({ kind: 'postgres', url: databaseUrl })
    sql = new pg.Pool({ connectionString: databaseUrl, max: 4 })
    await options.prepare(handle.db)
    const { tokenKey } = await loadAuthKeys(handle.db)
    cluster = await startCluster({
      proxy: proxyWanted(),
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: OPERATOR.email,
        ADMIN_PASSWORD: OPERATOR.password,
        ...options.env,
      },
      log: (line) => {
        // The processes' own lines are read from node.output(); keep what the cluster and proxy say.
        if (!line.startsWith('[app ')) reports.push(line)
      },
    })
    return { cluster, db: handle.db, sql, tokenKey, reports, mediaDir: join(dataDir, 'media'), stop }
  } catch (error) {
    await stop().catch(() => {})
    throw error
  }
}

export interface Answer<T> {
  status: number
  body: Envelope<T>
  headers: Headers
}

export interface CallOptions {
  token?: string
  json?: unknown
  form?: FormData
  headers?: Record<string, string>
}

/** One API call; the envelope as answered (a proxy's 502 page becomes code = the HTTP status). */
export async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.token = options.token
  let body: string | FormData | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.form) {
    body = options.form
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body })
  const text = await response.text()
  let envelope: Envelope<T>
  try {
    envelope = JSON.parse(text) as Envelope<T>
  } catch {
    envelope = { code: response.status, msg: text.replace(/\s+/g, ' ').trim().slice(0, 120), data: null as T }
  }
  return { status: response.status, body: envelope, headers: response.headers }
}

/** The data of a successful call; anything else fails the test with what came back. */
export async function expectOk<T>(answer: Promise<Answer<T>>, what: string): Promise<T> {
  const { status, body } = await answer
  assert.equal(body.code, 200, `${what} answered HTTP ${status}, code ${body.code}: ${body.msg}`)
  return body.data
}

/** The operator's token, signed in through the real login call (ADMIN_EMAIL / ADMIN_PASSWORD). */
export async function signInOperator(baseUrl: string): Promise<string> {
  const answer = await call<unknown>(baseUrl, 'POST', '/api/mall/user/login', {
    json: { username: OPERATOR.email, password: OPERATOR.password },
  })
  const token = answer.headers.get('token')
  assert.ok(
    answer.body.code === 200 && token,
    `operator login answered ${answer.body.code}: ${answer.body.msg}`,
  )
  return token
}

export interface Shopper {
  userId: number
  email: string
  token: string
}

/**
 * Customers made straight in the database with an open session each, as register leaves them (the
 * zhCn sign-up role): many shoppers through the proxy share its address, and the real sign-up calls
 * would meet the per-address limits on codes (20 an hour) and logins (30 a minute).
 */
export async function makeShoppers(shop: ClusterShop, prefix: string, count: number): Promise<Shopper[]> {
  const passwordHash = await hashPassword(`Passw0rd!${randomBytes(4).toString('hex')}`)
  const now = new Date()
  const rows = await shop.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `${prefix}-${index}@cluster.example`,
        passwordHash,
        nickname: `${prefix}${index}`,
        language: 'zhCn',
        role: 2,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning()
  return Promise.all(
    rows.map(async (account) => ({
      userId: account.id,
      email: account.email,
      token: (await openSession(shop.db, shop.tokenKey, account, now)).token,
    })),
  )
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Polls until `check` answers true, up to `timeoutMs`; answers how long it took, or fails with `what`. */
export async function waitFor(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean>,
): Promise<number> {
  const start = performance.now()
  while (performance.now() - start < timeoutMs) {
    if (await check().catch(() => false)) return performance.now() - start
    await delay(100)
  }
  assert.fail(`${what}: not within ${timeoutMs / 1000} s`)
}

/** The HTTP status of GET url, or undefined when nothing answered (refused, reset, timed out). */
export async function statusOf(url: string, timeoutMs = 2_000): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return undefined
  }
}

/** The process's output lines that are JSON log lines, parsed. */
export function logLinesOf(node: ClusterNode): Record<string, unknown>[] {
  return node
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line)
        return parsed && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : []
      } catch {
        return []
      }
    })
}

/** Whether the node logged a request with this id (its request log line carries `reqId`). */
export function loggedRequest(node: ClusterNode, requestId: string): boolean {
  return node.output().includes(`"reqId":"${requestId}"`)
}

/**
 * Waits until requests through the proxy reach `node` again (after its restart): the proxy takes a
 * process back only when its health check has passed, and until then the node gets no traffic.
 */
export async function untilProxyReaches(shop: ClusterShop, node: ClusterNode, timeoutMs = 20_000) {
  const sent: string[] = []
  await waitFor(`the proxy sends requests to process ${node.index} again`, timeoutMs, async () => {
    const ids = Array.from({ length: 4 }, () => `reach-${randomBytes(6).toString('hex')}`)
    sent.push(...ids)
    await Promise.all(
      ids.map((id) => call(shop.cluster.proxyUrl, 'GET', '/api/health', { headers: { 'x-request-id': id } })),
    )
    // Request lines reach stdout in batches, at least every 200 ms.
    await delay(300)
    return sent.some((id) => loggedRequest(node, id))
  })
}
