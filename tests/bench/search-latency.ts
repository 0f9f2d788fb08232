/**
 * Search latency: GET /api/mall/product/search through the real HTTP server, on the demo catalog and
 * on the same catalog grown to 100,000 products, for a mix of the searches shoppers make.
 * Growing the catalog ends with VACUUM ANALYZE (appendDemoProducts), since PGlite runs no autovacuum.
 *
 * Part of `npm run bench`; also runs on its own (no build needed): `node tests/bench/search-latency.ts`.
 * PGlite by default; with SEARCH_BENCH_DATABASE_URL=postgres://… (a server where it may create a
 * database) it measures PostgreSQL in a throwaway database instead. SEARCH_BENCH_SIZES=320,1000000
 * chooses the catalog sizes; SEARCH_BENCH_SEEDED_URL=postgres://…/db measures a database seeded
 * before (README's million-product row: seeding it takes minutes, measuring it seconds).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type DatabaseTarget, openDatabase } from '../../server/db/client.ts'
import { DEFAULT_DEMO_PRODUCTS, demoItemNo, demoJanCode } from '../../server/db/seed/demo-catalog.ts'
import { appendDemoProducts, refreshCatalogStatistics, seedDemoCatalog } from '../../server/db/seed/seed.ts'
import { runServer, stopServer } from '../support/server-process.ts'
import { type Latency, measureLatency } from './api-latency.ts'

export interface SearchLatency extends Latency {
  /** What kind of search this is. */
  label: string
  /** Products in the catalog when measured. */
  catalogSize: number
  /** How many products the search finds (its page's total). */
  hits: number
}

export interface SearchLatencyReport {
  engine: 'pglite' | 'postgres'
  results: SearchLatency[]
}

/** Figures, the first top-level category of the demo catalog (ids 1–8 are the top level). */
const FIGURES_CATEGORY = '1'

/**
 * The searches measured. Codes belong to a product in the middle of the catalog, so the lookup is a
 * real index probe; the CJK words are a series name part ('猫', '学园': a few percent of products)
 * and the worst case, a word most names contain ('手办', every figure).
 */
function searchMix(catalogSize: number): { label: string; query: Record<string, string> }[] {
  const index = Math.floor(catalogSize / 2)
  return [
    { label: 'item number (lower case)', query: { keywords: demoItemNo(index).toLowerCase() } },
    { label: 'JAN code', query: { keywords: demoJanCode(index) } },
    { label: 'latin word', query: { keywords: 'Brigade' } },
    { label: '1-char CJK', query: { keywords: '猫' } },
    { label: '2-char CJK', query: { keywords: '学园' } },
    { label: '2-char CJK, very common', query: { keywords: '手办' } },
    { label: '4-char CJK', query: { keywords: '星之旅团' } },
    { label: 'category (parent)', query: { category: FIGURES_CATEGORY } },
    { label: 'keyword + category', query: { keywords: '星之旅团', category: FIGURES_CATEGORY } },
  ]
}

async function hitsOf(baseUrl: string, path: string): Promise<number> {
  const response = await fetch(baseUrl + path)
  const body = (await response.json()) as { data?: { total?: number } }
  return body.data?.total ?? 0
}

/** A fresh database on the PostgreSQL server, dropped by the returned function. */
async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `yoyaku_bench_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    try {
      await admin.query(statement)
    } finally {
      await admin.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

/** Seeds the demo catalog with `to` products, or appends the difference to one of `from` products. */
async function growCatalog(target: DatabaseTarget, from: number, to: number): Promise<void> {
  const database = await openDatabase(target)
  try {
    if (from === 0) {
      await seedDemoCatalog(database.db, { products: to })
      // as `npm run seed` does: a first search must not plan without statistics
      await refreshCatalogStatistics(database.db)
    } else await appendDemoProducts(database.db, { products: to - from })
  } finally {
    await database.close()
  }
}

/** Runs the server on the catalog as it is now and measures every search of the mix. */
async function measureSearchMix(
  serverEnv: Record<string, string>,
  catalogSize: number,
  { requests, warmUp }: { requests: number; warmUp: number },
): Promise<SearchLatency[]> {
  const results: SearchLatency[] = []
  const run = runServer(serverEnv)
  const server = await run.started
  try {
    for (const { label, query } of searchMix(catalogSize)) {
      const path = `/api/mall/product/search?${new URLSearchParams({ ...query, language: 'zhCn' })}`
      const latency = await measureLatency(server.baseUrl, path, { requests, warmUp })
      const hits = await hitsOf(server.baseUrl, path)
      results.push({ ...latency, label, catalogSize, hits })
    }
    return results
  } finally {
    await stopServer(server, run.exited)
  }
}

/**
 * The search mix on a PostgreSQL database already seeded (`npm run seed -- --products 1000000` with
 * DATABASE_URL): growing a million products takes minutes, so it is done once and measured as often as
 * needed. Nothing is written.
 */
export async function measureSeededPostgres(
  url: string,
  requests = 50,
  warmUp = 5,
): Promise<SearchLatencyReport> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const counted = await client
    .query<{ n: string }>('select count(*) as n from products')
    .finally(() => client.end())
  const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-search-bench-'))
  try {
    const serverEnv = {
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-build'),
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      DATABASE_URL: url,
    }
    const results = await measureSearchMix(serverEnv, Number(counted.rows[0]?.n ?? 0), { requests, warmUp })
    return { engine: 'postgres', results }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * Measures the search mix at each catalog size, smallest first. The catalog is seeded, then grown,
 * while the server is stopped (PGlite belongs to one process); the server is started on each size.
 * Bounded: `requests` sequential requests per search, after a warm-up.
 */
export async function measureSearchLatency(
  options: { sizes?: number[]; requests?: number; warmUp?: number; postgresAdminUrl?: string } = {},
): Promise<SearchLatencyReport> {
  const { sizes = [DEFAULT_DEMO_PRODUCTS, 100_000], requests = 50, warmUp = 5, postgresAdminUrl } = options
  const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-search-bench-'))
  const scratch = postgresAdminUrl ? await createScratchDatabase(postgresAdminUrl) : undefined
  const target: DatabaseTarget = scratch
    ? { kind: 'postgres', url: scratch.url }
    : { kind: 'pglite', dataDir }
  const serverEnv = {
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-build'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  }
  const results: SearchLatency[] = []
  const ascending = [...sizes].sort((a, b) => a - b)
  try {
    let catalogSize = 0
    for (const size of ascending) {
      const growing = performance.now()
      await growCatalog(target, catalogSize, size)
      console.log(
        `search latency: grew the catalog to ${size} products in ${((performance.now() - growing) / 1000).toFixed(1)} s`,
      )
      catalogSize = size
      results.push(...(await measureSearchMix(serverEnv, size, { requests, warmUp })))
    }
    return { engine: target.kind, results }
  } finally {
    await scratch?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printSearchLatency(report: SearchLatencyReport): void {
  console.log(`search latency (${report.engine}):`)
  for (const r of report.results) {
    console.log(
      `  ${String(r.catalogSize).padStart(6)} products  ${r.label.padEnd(26)} p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms (${r.hits} hits, ${r.requests} requests)`,
    )
  }
}

if (import.meta.main && process.env.SEARCH_BENCH_SEEDED_URL) {
  printSearchLatency(await measureSeededPostgres(process.env.SEARCH_BENCH_SEEDED_URL))
} else if (import.meta.main) {
  const sizes = process.env.SEARCH_BENCH_SIZES?.split(',').map(Number)
  printSearchLatency(
    await measureSearchLatency({
      postgresAdminUrl: process.env.SEARCH_BENCH_DATABASE_URL || undefined,
      ...(sizes ? { sizes } : {}),
    }),
  )
}
