import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../../server/app.ts'
import type { Db } from '../../../server/db/client.ts'
import { type Engine, openTestDatabase } from './test-database.ts'

export interface TestApp {
  app: ReturnType<typeof createApp>
  db: Db
  /** GET a path and return the status, headers and parsed JSON body. */
  getJson<T = unknown>(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>
  close(): Promise<void>
}

/** The real app on a fresh database. `staticDir`/`mediaDir` default to empty temporary folders. */
export async function createTestApp(
  engine: Engine,
  options: { staticDir?: string; mediaDir?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine)
  const scratch = mkdtempSync(join(tmpdir(), 'yoyaku-app-'))
  const app = createApp({
    db: database.db,
    staticDir: options.staticDir ?? join(scratch, 'dist'),
    mediaDir: options.mediaDir ?? join(scratch, 'media'),
    logRequests: false,
  })
  return {
    app,
    db: database.db,
    async getJson<T>(path: string, headers: Record<string, string> = {}) {
      const response = await app.request(path, { headers })
      return { status: response.status, body: (await response.json()) as T, headers: response.headers }
    },
    async close() {
      await database.close()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}
