/**
 * `node tests/bench/lighthouse-screens.ts`: Lighthouse (mobile defaults, median of LIGHTHOUSE_RUNS,
 * 5 unless told) on the nine shopper screens, three as a visitor and six signed in, against the real
 * server on a fresh data directory. It measures another checkout too: YOYAKU_ROOT names the checkout
 * whose server runs (`node server/index.ts` there, after its `npm ci`), STATIC_DIR the build it serves
 * (YOYAKU_ROOT's dist unless told). Writes the results to bench-results/lighthouse-<label>.json too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { OPERATOR } from '../e2e/shop.ts'
import { runServer, stopServer } from '../support/server-process.ts'
import { signedInScreens, visitorScreens } from './lighthouse-fixtures.ts'
import {
  lighthouseLines,
  lighthouseRuns,
  measureLighthouse,
  openLighthouseOrigin,
} from './lighthouse-scores.ts'

const here = process.cwd()
const root = resolve(process.env.YOYAKU_ROOT ?? here)
const staticDir = resolve(process.env.STATIC_DIR ?? join(root, 'dist'))
const label = process.env.LIGHTHOUSE_LABEL ?? (root === here ? 'current' : root.split('/').pop())
const runs = lighthouseRuns()
const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-lighthouse-'))
const outboxDir = join(dataDir, 'outbox')

// runServer starts `node server/index.ts` in this process's directory: the checkout's own server.
process.chdir(root)
const run = runServer({
  DATA_DIR: dataDir,
  STATIC_DIR: staticDir,
  MAIL_OUTBOX_DIR: outboxDir,
  ADMIN_EMAIL: OPERATOR.email,
  ADMIN_PASSWORD: OPERATOR.password,
})
process.chdir(here)
const server = await run.started
try {
  const screens = [
    ...(await visitorScreens(server.baseUrl)),
    ...(await signedInScreens(server.baseUrl, outboxDir)),
  ]
  const started = Date.now()
  const reach = await openLighthouseOrigin(server.baseUrl)
  const pages = await measureLighthouse(reach.origin, screens, runs, reach.chromeFlags).finally(reach.close)
  console.log(
    `${label}: server in ${root}, serving ${staticDir}, ${reach.via}; ${Math.round((Date.now() - started) / 1000)} s`,
  )
  for (const line of lighthouseLines(pages, runs)) console.log(line)
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(
    join('bench-results', `lighthouse-${label}.json`),
    `${JSON.stringify({ at: new Date().toISOString(), root, staticDir, via: reach.via, runs, pages }, null, 2)}\n`,
  )
} finally {
  await stopServer(server, run.exited)
  rmSync(dataDir, { recursive: true, force: true })
}
