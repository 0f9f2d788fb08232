/**
 * `npm run bench`: measures what the README reports. Needs a build (`npm run build`) and Chromium.
 * Results are printed and written to bench-results/latest.json (git-ignored).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OPERATOR } from '../e2e/shop.ts'
import { latestCodeFor } from '../server/support/outbox.ts'
import { runServer, stopServer } from '../support/server-process.ts'
import { measureLatency } from './api-latency.ts'
import { measureApiThroughput, throughputLines } from './api-throughput.ts'
import { clusterThroughputLines, measureClusterThroughput } from './cluster-throughput.ts'
import { createOrderLines, measureCreateOrder } from './create-order.ts'
import { deadlineSweepLines, measureDeadlineSweep } from './deadline-sweep.ts'
import { type FirstPageJs, measureFirstPageJs } from './first-page-js.ts'
import { imagePipelineLine, measureImagePipeline } from './image-pipeline.ts'
import { signedInScreens, visitorScreens } from './lighthouse-fixtures.ts'
import {
  lighthouseLines,
  lighthouseRuns,
  measureLighthouse,
  openLighthouseOrigin,
} from './lighthouse-scores.ts'
import { measureOfflineReady, printOfflineReady } from './offline-ready.ts'
import { measureOpsProductList, printOpsProductList } from './ops-product-list.ts'
import { measureCommitCost } from './pglite-commit-cost.ts'
import { measurePriceEngine } from './price-engine.ts'
import { measureProductImport, productImportLines } from './product-import.ts'
import { measureSearchLatency, printSearchLatency } from './search-latency.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-bench-'))
const outboxDir = join(dataDir, 'outbox')
// The request log on, as shipped: its cost is part of what the throughput rows measure.
const run = runServer({
  DATA_DIR: dataDir,
  STATIC_DIR: 'dist',
  MAIL_OUTBOX_DIR: outboxDir,
  // the operator the signed-in Lighthouse screens' fixtures use (arrivals, packing, an extra fee)
  ADMIN_EMAIL: OPERATOR.email,
  ADMIN_PASSWORD: OPERATOR.password,
})
const server = await run.started

/** A customer made through the real sign-up calls; returns its login body and token. */
async function signUpCustomer(baseUrl: string) {
  const credentials = { username: 'bench@example.com', password: 'Bench.2026' }
  const post = (path: string, body: unknown) =>
    fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  await post('/api/mall/user/code/email', { type: 1, username: credentials.username, language: 'en' })
  const code = await latestCodeFor(outboxDir, credentials.username)
  const registered = await post('/api/mall/user/register', { ...credentials, nickname: 'Bench', code })
  const token = registered.headers.get('token')
  if (!token) throw new Error('sign-up gave no token')
  return { credentials, token }
}

try {
  // The three pages: home, a list and a product page (the first product of the hot list).
  const visitor = await visitorScreens(server.baseUrl)
  const pages = visitor.map((screen) => screen.path)
  const firstPageJs: FirstPageJs[] = []
  for (const path of pages) {
    for (const width of [412, 1280]) firstPageJs.push(await measureFirstPageJs(server.baseUrl, path, width))
  }
  // Lighthouse's mobile defaults, median of LIGHTHOUSE_RUNS (5), before anything else loads the machine:
  // the three visitor pages, then six shopper screens signed in through a stored session.
  // A first visit's way to being ready offline: the worker's precache and when it takes control.
  const offlineReady = await measureOfflineReady(server.baseUrl)
  const runs = lighthouseRuns()
  const screens = [...visitor, ...(await signedInScreens(server.baseUrl, outboxDir))]
  const reach = await openLighthouseOrigin(server.baseUrl)
  const lighthouse = await measureLighthouse(reach.origin, screens, runs, reach.chromeFlags).finally(
    reach.close,
  )
  const customer = await signUpCustomer(server.baseUrl)
  const throughput = await measureApiThroughput(server.baseUrl, customer.token)
  const latency = [
    await measureLatency(server.baseUrl, '/api/mall/category/list'),
    await measureLatency(server.baseUrl, '/api/mall/product/hotList?language=zhCn'),
    // A guarded call: token check plus the session and account read every guarded call makes.
    await measureLatency(server.baseUrl, '/api/mall/user/checkToken', {
      init: { headers: { token: customer.token } },
    }),
    // argon2id verification dominates; 25 stays under the 30-a-minute login limit per address.
    await measureLatency(server.baseUrl, '/api/mall/user/login', {
      requests: 25,
      warmUp: 2,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(customer.credentials),
      },
    }),
  ]
  await stopServer(server, run.exited)
  const commitCost = [await measureCommitCost(true), await measureCommitCost(false)]
  const priceEngine = measurePriceEngine()
  // One 12-megapixel upload through the picture pipeline, median of 5.
  const imagePipeline = await measureImagePipeline()
  // PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
  const createOrder = await measureCreateOrder()
  // 10,000 open orders; PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
  const deadlineSweep = await measureDeadlineSweep()
  // 10,000-row CSV on the demo catalog; PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
  const productImport = await measureProductImport()
  // Runs its own servers: on the demo catalog, then on one grown to 100,000 products.
  const searchLatency = await measureSearchLatency()
  // Its own server too, on a catalog grown to 100,000 products, signed in as the operator.
  const opsProductList = await measureOpsProductList()
  // Two app processes on PostgreSQL behind the proxy, when PostgreSQL is at hand.
  const clusterThroughput = process.env.TEST_DATABASE_URL
    ? await measureClusterThroughput(process.env.TEST_DATABASE_URL)
    : undefined
  const results = {
    at: new Date().toISOString(),
    node: process.version,
    firstPageJs,
    offlineReady,
    lighthouseVia: reach.via,
    lighthouse,
    throughput,
    latency,
    commitCost,
    priceEngine,
    imagePipeline,
    createOrder,
    deadlineSweep,
    productImport,
    searchLatency,
    opsProductList,
    clusterThroughput,
  }
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(join('bench-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`)
  for (const page of firstPageJs) {
    console.log(
      `first-load JS ${page.path} at ${page.width} px: ${page.files} scripts, ${page.rawKb} KB raw, ${page.gzipKb} KB gzip; CSS ${page.cssGzipKb} KB gzip`,
    )
    for (const { url, gzipKb } of page.largest) console.log(`  ${gzipKb} KB gzip  ${url}`)
  }
  printOfflineReady(offlineReady)
  console.log(`Lighthouse pages travel ${reach.via}`)
  for (const line of lighthouseLines(lighthouse, runs)) console.log(line)
  for (const line of throughputLines(throughput)) console.log(line)
  for (const l of latency)
    console.log(`${l.path}: p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, max ${l.maxMs} ms (${l.requests} requests)`)
  for (const c of commitCost)
    console.log(`PGlite commit, fsync ${c.fsync ? 'on ' : 'off'}: ${c.msPerCommit} ms (${c.commits} commits)`)
  console.log(
    `price engine: ${priceEngine.microsPerLine} µs a line, ${priceEngine.linesPerSecond} lines/s (${priceEngine.lines} lines)`,
  )
  console.log(imagePipelineLine(imagePipeline))
  for (const line of createOrderLines(createOrder)) console.log(line)
  for (const line of deadlineSweepLines(deadlineSweep)) console.log(line)
  for (const line of productImportLines(productImport)) console.log(line)
  printSearchLatency(searchLatency)
  printOpsProductList(opsProductList)
  if (clusterThroughput) for (const line of clusterThroughputLines(clusterThroughput)) console.log(line)
} finally {
  server.child.kill('SIGTERM')
  await run.exited
  rmSync(dataDir, { recursive: true, force: true })
}
