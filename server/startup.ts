import { type DatabaseHandle, openDatabase } from './db/client.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { type Env, EnvError, loadEnv } from './env.ts'
import { startCatalogCache } from './http/catalog-cache.ts'

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
 * its catalog cache listening for catalog changes (http/catalog-cache.ts): the server's public catalog
 * calls answer from it. Closing the handle stops the listener first.
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
  try {
    const catalogCache = await startCatalogCache(database.db)
    return {
      ...database,
      async close() {
        await catalogCache.stop().catch(() => {})
        await database.close()
      },
    }
  } catch (error) {
    await database.close().catch(() => {})
    exitWith(`Cannot listen for catalog changes: ${(error as Error).message}`)
  }
}
