/**
 * How soon a first visit is ready offline, and what the service worker precaches for it: `runs` fresh
 * browser contexts each open `/` and time the moment a worker controls the page (from the start of the
 * navigation), then read the worker's precache and gzip -9 each file as built.
 *
 * Part of `npm run bench`; alone, after `npm run build`: `node tests/bench/offline-ready.ts`.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChrome } from '../e2e/browser.ts'
import { runServer, stopServer } from '../support/server-process.ts'

export interface OfflineReady {
  /** Milliseconds from the navigation's start until a worker controls the page, per run. */
  controllingMs: number[]
  medianMs: number
  precacheFiles: number
  precacheGzipKb: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

export async function measureOfflineReady(
  baseUrl: string,
  staticDir = 'dist',
  runs = 5,
): Promise<OfflineReady> {
  const browser = await launchChrome()
  const controllingMs: number[] = []
  let precached: string[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 900 } })
      try {
        const page = await context.newPage()
        await page.goto(`${baseUrl}/`)
        controllingMs.push(
          await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                if (navigator.serviceWorker.controller) resolve(performance.now())
                else
                  navigator.serviceWorker.addEventListener('controllerchange', () =>
                    resolve(performance.now()),
                  )
              }),
          ),
        )
        precached = await page.evaluate(async () => {
          const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'))
          const requests = (
            await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))
          ).flat()
          return requests.map((request) => new URL(request.url).pathname)
        })
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  const gzip = precached.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(staticDir, path)), { level: 9 }).length,
    0,
  )
  return {
    controllingMs: controllingMs.map(Math.round),
    medianMs: Math.round(median(controllingMs)),
    precacheFiles: precached.length,
    precacheGzipKb: Math.round((gzip / 1024) * 10) / 10,
  }
}

export function printOfflineReady(result: OfflineReady): void {
  console.log(
    `offline ready: a worker controls a first visit after ${result.medianMs} ms (median; runs ${result.controllingMs.join(', ')} ms); precache ${result.precacheFiles} files, ${result.precacheGzipKb} KB gzip`,
  )
}

if (import.meta.main) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-offline-ready-'))
  const staticDir = process.env.STATIC_DIR ?? 'dist'
  const run = runServer({
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    STATIC_DIR: staticDir,
  })
  const server = await run.started
  try {
    printOfflineReady(await measureOfflineReady(server.baseUrl, staticDir))
  } finally {
    await stopServer(server, run.exited)
  }
}
