import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../../server/db/client.ts'

export type Engine = 'pglite' | 'postgres'

/** Server tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL only: the database's URL, for another process to open it too. */
  url?: string
}

/**
 * A fresh, migrated, empty database: in-memory PGlite, or a new PostgreSQL database created for this
 * file and dropped on close, so test files never see each other's rows.
 */
export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') return openDatabase({ kind: 'pglite' })
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `yoyaku_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      try {
        // pg-pool's end() resolves before its connections have closed. A forced drop can kill one
        // mid-close, and the dying client then emits an error no one listens to (an unhandled error
        // that fails the vitest run). A plain drop waits up to 5 s for them to leave; force only then.
        await cleanup
          .query(`drop database if exists ${name}`)
          .catch(() => cleanup.query(`drop database if exists ${name} with (force)`))
      } finally {
        await cleanup.end()
      }
    },
  }
}
