import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined: an in-memory database (tests). */
  | { kind: 'pglite'; dataDir?: string }

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Serialises migrations when several servers start against one PostgreSQL. */
const MIGRATION_LOCK = 7_140_001

/**
 * PGlite starts with fsync off (`-F` in its defaults). We start it with fsync on, on purpose: it costs
 * ~0.07 ms a commit. strace shows PGlite's Node filesystem does not pass fsync on to the OS (today
 * it is a no-op), but every commit is written to the kernel before it is acknowledged, so a process
 * crash loses nothing; power loss can. README 'durability' says so and points to PostgreSQL.
 */
const PGLITE_DEFAULT_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
]

export function pgliteStartParams(fsync: boolean): string[] {
  const defaults =
    (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? PGLITE_DEFAULT_START_PARAMS
  return fsync ? defaults.filter((p) => p !== '-F') : [...defaults]
}

export async function openDatabase(
  target: DatabaseTarget,
  options: { fsync?: boolean } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url)
  return openPglite(target.dataDir, options.fsync ?? true)
}

async function openPglite(dataDir: string | undefined, fsync: boolean): Promise<DatabaseHandle> {
  const release = dataDir ? lockDataDir(dataDir) : () => {}
  let client: PGlite | undefined
  try {
    client = new PGlite({
      ...(dataDir ? { dataDir: join(dataDir, 'pg') } : {}),
      extensions: { pg_trgm },
      startParams: pgliteStartParams(fsync),
    })
    await client.waitReady
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    const opened = client
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      async close() {
        try {
          await opened.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    await client?.close().catch(() => {})
    release()
    throw error
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  try {
    const db = drizzleNodePg({ client: pool, schema })
    const lockClient = await pool.connect()
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migrateNodePg(db, { migrationsFolder })
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
      lockClient.release()
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() }
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number }[]
}
/** When the newest migration this code ships was made: drizzle records it as the applied row's created_at. */
const NEWEST_MIGRATION_AT = Math.max(...journal.entries.map((entry) => entry.when))
const migratedDatabases = new WeakSet<Db>()

/**
 * Whether the database has every migration this code ships (readiness). Once true it stays true
 * (migrations are never taken back), so later checks cost one round trip, like ping.
 */
export async function isMigrated(db: Db): Promise<boolean> {
  if (migratedDatabases.has(db)) {
    await ping(db)
    return true
  }
  const applied = (await db.execute(
    sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string }[] }
  const migrated = Number(applied.rows[0]?.newest ?? 0) >= NEWEST_MIGRATION_AT
  if (migrated) migratedDatabases.add(db)
  return migrated
}

/** A cheap round trip, for the health check. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
