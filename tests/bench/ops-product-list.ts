/**
 * The console's product list, GET /api/ops/products, through the real HTTP server on a PGlite catalog
 * grown to 100,000 products (the demo seed, then appendDemoProducts, which ends with VACUUM ANALYZE),
 * signed in as the first operator. Target (backoffice §2): p95 under 100 ms for every filter mix.
 *
 * Part of `npm run bench`; also runs on its own (no build needed): `node tests/bench/ops-product-list.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../server/db/client.ts'
import { demoItemNo, demoJanCode } from '../../server/db/seed/demo-catalog.ts'
import { appendDemoProducts, seedDemoCatalog } from '../../server/db/seed/seed.ts'
import { runServer, stopServer } from '../support/server-process.ts'
import { type Latency, measureLatency } from './api-latency.ts'

export interface OpsListLatency extends Latency {
  label: string
  /** The filter's total. */
  hits: number
}

export interface OpsListReport {
  catalogSize: number
  results: OpsListLatency[]
}

const ADMIN = { username: 'bench-ops@example.com', password: 'Bench.Ops.2026' }

/** The mixes measured: the console's first page, each filter alone, and the usual combinations. */
function filterMix(catalogSize: number): { label: string; query: Record<string, string> }[] {
  const middle = Math.floor(catalogSize / 2)
  return [
    { label: 'first page, no filter', query: {} },
    { label: 'page 50', query: { pageNum: '50' } },
    { label: 'item number (lower case)', query: { keyword: demoItemNo(middle).toLowerCase() } },
    { label: 'JAN code', query: { keyword: demoJanCode(middle) } },
    { label: 'latin word', query: { keyword: 'Brigade' } },
    { label: '1-char CJK', query: { keyword: '猫' } },
    { label: '2-char CJK, very common', query: { keyword: '手办' } },
    { label: 'category (parent)', query: { categoryId: '1' } },
    { label: 'category + status + type', query: { categoryId: '1', status: '1', type: '1' } },
    { label: 'series', query: { seriesId: '3' } },
    { label: 'brand + keyword', query: { brandId: '2', keyword: '星之旅团' } },
    { label: 'off sale', query: { status: '2' } },
  ]
}

async function logIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/mall/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const token = response.headers.get('token')
  if (!token) throw new Error(`operator login failed: ${response.status} ${await response.text()}`)
  return token
}

export async function measureOpsProductList(
  options: { catalogSize?: number; requests?: number; warmUp?: number } = {},
): Promise<OpsListReport> {
  const { catalogSize = 100_000, requests = 50, warmUp = 5 } = options
  const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-ops-list-bench-'))
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const seeded = await seedDemoCatalog(database.db)
      const have = seeded.products
      if (have < catalogSize) await appendDemoProducts(database.db, { products: catalogSize - have })
    } finally {
      await database.close()
    }
    const run = runServer({
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-build'),
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      ADMIN_EMAIL: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_REQUESTS: '0',
    })
    const server = await run.started
    try {
      const token = await logIn(server.baseUrl)
      const results: OpsListLatency[] = []
      for (const { label, query } of filterMix(catalogSize)) {
        const path = `/api/ops/products?${new URLSearchParams({ pageSize: '20', ...query })}`
        const init = { headers: { token } }
        const latency = await measureLatency(server.baseUrl, path, { requests, warmUp, init })
        const answer = (await (await fetch(server.baseUrl + path, init)).json()) as {
          data?: { total?: number }
        }
        results.push({ ...latency, label, hits: answer.data?.total ?? 0 })
      }
      // The shop's own search on the same server and load, for scale (README 'Search latency').
      const reference = `/api/mall/product/search?${new URLSearchParams({ keywords: '手办', language: 'zhCn' })}`
      const shopSearch = await measureLatency(server.baseUrl, reference, { requests, warmUp })
      const answer = (await (await fetch(server.baseUrl + reference)).json()) as { data?: { total?: number } }
      results.push({ ...shopSearch, label: 'reference: shop search 手办', hits: answer.data?.total ?? 0 })
      return { catalogSize, results }
    } finally {
      await stopServer(server, run.exited)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printOpsProductList(report: OpsListReport): void {
  console.log(`console product list (pglite, ${report.catalogSize} products):`)
  for (const r of report.results) {
    console.log(
      `  ${r.label.padEnd(28)} p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms (${r.hits} hits, ${r.requests} requests)`,
    )
  }
}

if (import.meta.main) printOpsProductList(await measureOpsProductList())
