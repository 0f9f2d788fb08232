import { type DatabaseHandle, openDatabase } from './db/client.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { type Env, EnvError, loadEnv } from './env.ts'
import { startCatalogCache } from './http/catalog-cache.ts'
import { startSessionCache } from './http/session-cache.ts'

/** Start-up steps shared by the server and the seed command: a failure is one clear line and exit 1. */
function exitWith(message: string): never {
  console.error(message)
  process.exit(1)
}

export function loadEnvOrExit(): Env {
  try {
    return loadEnv()
  } catch (error) {
    if (error instanceof EnvError) exitWith(error.message)
    throw error
  }
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR (locked for this process), with
 * its catalog cache listening for catalog changes (http/catalog-cache.ts) and its session cache for
 * account changes (http/session-cache.ts), on one listening connection: the server's public catalog
 * calls and session checks answer from them. Closing the handle stops the listeners first.
 */
export async function openDatabaseOrExit(env: Env): Promise<DatabaseHandle> {
  let database: DatabaseHandle
  try {
    database = await openDatabase(
      env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dataDir: env.dataDir },
    )
  } catch (error) {
    if (error instanceof DataDirInUseError) exitWith(error.message)
    exitWith(`Cannot open the database: ${(error as Error).message}`)
  }
  const stops: (() => Promise<void>)[] = []
  const stopCaches = () => Promise.all(stops.map((stop) => stop().catch(() => {})))
  try {
    stops.push((await startCatalogCache(database.db)).stop)
    stops.push((await startSessionCache(database.db)).stop)
    return {
      ...database,
      async close() {
        await stopCaches()
        await database.close()
      },
    }
  } catch (error) {
    await stopCaches()
    await database.close().catch(() => {})
    exitWith(`Cannot listen for catalog and account changes: ${(error as Error).message}`)
  }
}
