import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { runServer, type StartedServer, stopServer } from '../support/server-process.ts'
import { launchChrome, savingData } from './browser.ts'

export interface RunningShop {
  server: StartedServer
  /** Where the server writes its mail (no SMTP in tests). */
  outboxDir: string
  browser: Browser
  page: Page
  url(path: string): string
  /** Resolves when the page's path and query are exactly `path`. */
  waitForPath(path: string): Promise<void>
  /** Resolves when the document's language is `lang` (a switch loads its catalog first). */
  waitForLang(lang: string): Promise<void>
  close(): Promise<void>
}

/** The operator account every test shop starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const OPERATOR = { email: 'ops@yoyaku.example', password: 'Ops.Yoyaku26' } as const

/** The built PWA the browser tests serve: `dist`, or another build's folder named by `E2E_STATIC_DIR`. */
export function staticDir(): string {
  return process.env.E2E_STATIC_DIR ?? 'dist'
}

/** The built PWA served by the real server on a fresh data directory, and one browser page on it. */
export async function startShop(options: {
  locale: string
  name: string
  /** More configuration for the server (payment providers, PORT and PUBLIC_URL …). */
  env?: Record<string, string>
}): Promise<RunningShop> {
  assert.ok(
    existsSync(join(staticDir(), 'index.html')),
    'the PWA is not built: run `npm run build` first (npm test does)',
  )
  const dataDir = mkdtempSync(join(tmpdir(), `yoyaku-e2e-${options.name}-`))
  const outboxDir = join(dataDir, 'mail')
  const run = runServer({
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir(),
    MAIL_OUTBOX_DIR: outboxDir,
    // a known operator, so a test can sign in to the console (the default one's password is generated)
    ADMIN_EMAIL: OPERATOR.email,
    ADMIN_PASSWORD: OPERATOR.password,
    // every success answer the browser gets is checked against /api/openapi.json's schema (a 500 if not)
    CHECK_ANSWERS: '1',
    ...options.env,
  })
  const server = await run.started
  const browser = await launchChrome()
  const context = await savingData(
    await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: options.locale }),
  )
  const page = await context.newPage()
  return {
    server,
    outboxDir,
    browser,
    page,
    url: (path) => `${server.baseUrl}${path}`,
    async waitForPath(path) {
      await page.waitForURL((current) => current.pathname + current.search === path, { timeout: 15_000 })
    },
    async waitForLang(lang) {
      await page.waitForFunction((wanted) => document.documentElement.lang === wanted, lang, {
        timeout: 5000,
      })
    },
    async close() {
      await browser.close()
      await stopServer(server, run.exited)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
