import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../../server/app.ts'
import type { Db } from '../../../server/db/client.ts'
import { loadAuthKeys } from '../../../server/services/accounts/server-secrets.ts'
import { createMailer } from '../../../server/services/mail/mailer.ts'
import { type Engine, openTestDatabase } from './test-database.ts'

export interface JsonResponse<T> {
  status: number
  body: T
  headers: Headers
}

export interface TestApp {
  app: ReturnType<typeof createApp>
  db: Db
  /** The folder the app's mail is written to (no SMTP in tests). */
  outboxDir: string
  uploadsDir: string
  /** The app's clock: starts at the real time; `advance` moves it forward. */
  clock: { now: Date; advance(ms: number): void }
  /** GET a path and return the status, headers and parsed JSON body. */
  getJson<T = unknown>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>
  /** Send a JSON body with any method. */
  sendJson<T = unknown>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<JsonResponse<T>>
  close(): Promise<void>
}

/** The real app on a fresh database. `staticDir`/`mediaDir` default to empty temporary folders. */
export async function createTestApp(
  engine: Engine,
  options: { staticDir?: string; mediaDir?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine)
  const scratch = mkdtempSync(join(tmpdir(), 'yoyaku-app-'))
  const outboxDir = join(scratch, 'outbox')
  const uploadsDir = join(scratch, 'uploads')
  mkdirSync(uploadsDir)
  let offsetMs = 0
  const clock = {
    get now() {
      return new Date(Date.now() + offsetMs)
    },
    advance(ms: number) {
      offsetMs += ms
    },
  }
  const app = createApp({
    db: database.db,
    staticDir: options.staticDir ?? join(scratch, 'dist'),
    mediaDir: options.mediaDir ?? join(scratch, 'media'),
    uploadsDir,
    logRequests: false,
    authKeys: await loadAuthKeys(database.db),
    mailer: createMailer({ smtpUrl: undefined, outboxDir, from: 'Yoyaku <no-reply@yoyaku.test>' }),
    publicUrl: 'http://shop.test',
    // Tests set X-Forwarded-For to act as different clients.
    trustProxy: true,
    now: () => clock.now,
  })
  const parse = async <T>(response: Response): Promise<JsonResponse<T>> => ({
    status: response.status,
    body: (await response.json()) as T,
    headers: response.headers,
  })
  return {
    app,
    db: database.db,
    outboxDir,
    uploadsDir,
    clock,
    async getJson<T>(path: string, headers: Record<string, string> = {}) {
      return parse<T>(await app.request(path, { headers }))
    },
    async sendJson<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      return parse<T>(
        await app.request(path, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
    },
    async close() {
      await database.close()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}
