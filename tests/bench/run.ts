/**
 * `npm run bench`: measures what the README reports. Needs a build (`npm run build`) and Chromium.
 * Results are printed and written to bench-results/latest.json (git-ignored).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runServer, stopServer } from '../support/server-process.ts'
import { measureLatency } from './api-latency.ts'
import { measureFirstPageJs } from './first-page-js.ts'
import { measureCommitCost } from './pglite-commit-cost.ts'
import { measurePriceEngine } from './price-engine.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-bench-'))
const run = runServer({ DATA_DIR: dataDir, STATIC_DIR: 'dist' })
const server = await run.started
try {
  const firstPageJs = await measureFirstPageJs(`${server.baseUrl}/`)
  const latency = [
    await measureLatency(server.baseUrl, '/api/mall/category/list'),
    await measureLatency(server.baseUrl, '/api/mall/product/hotList?language=zhCn'),
  ]
  await stopServer(server, run.exited)
  const commitCost = [await measureCommitCost(true), await measureCommitCost(false)]
  const priceEngine = measurePriceEngine()
  const results = {
    at: new Date().toISOString(),
    node: process.version,
    firstPageJs,
    latency,
    commitCost,
    priceEngine,
  }
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(join('bench-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`)
  console.log(
    `first-page JS (home): ${firstPageJs.files} files, ${firstPageJs.rawKb} KB raw, ${firstPageJs.gzipKb} KB gzip`,
  )
  for (const { url, gzipKb } of firstPageJs.largest) console.log(`  ${gzipKb} KB gzip  ${url}`)
  for (const l of latency)
    console.log(`${l.path}: p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, max ${l.maxMs} ms (${l.requests} requests)`)
  for (const c of commitCost)
    console.log(`PGlite commit, fsync ${c.fsync ? 'on ' : 'off'}: ${c.msPerCommit} ms (${c.commits} commits)`)
  console.log(
    `price engine: ${priceEngine.microsPerLine} µs a line, ${priceEngine.linesPerSecond} lines/s (${priceEngine.lines} lines)`,
  )
} finally {
  server.child.kill('SIGTERM')
  await run.exited
  rmSync(dataDir, { recursive: true, force: true })
}
