import { parseArgs } from 'node:util'
import { createMediaStore } from '../../services/media/create-media-store.ts'
import { loadEnvOrExit, openDatabaseOrExit } from '../../startup.ts'
import { DEFAULT_DEMO_PRODUCTS, DEFAULT_DEMO_SEED } from './demo-catalog.ts'
import { appendDemoProducts, refreshCatalogStatistics, seedDemoCatalog } from './seed.ts'

/**
 * `node server/db/seed/cli.ts [--products N] [--seed S]`: seeds an empty catalog with N demo products,
 * or adds N more to a catalog that is already seeded (to grow a benchmark database).
 * Uses DATABASE_URL / DATA_DIR like the server; stop a PGlite server first, it owns its DATA_DIR.
 */

const MAX_PRODUCTS = 1_000_000
const USAGE = 'usage: node server/db/seed/cli.ts [--products N] [--seed S]'

function fail(message: string, exitCode: number): never {
  console.error(message)
  process.exit(exitCode)
}

function parseWholeNumber(
  flag: string,
  raw: string | undefined,
  range: { fallback: number; min: number; max: number },
): number {
  if (raw === undefined) return range.fallback
  const value = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
  if (!(value >= range.min && value <= range.max)) {
    fail(`--${flag} must be a whole number from ${range.min} to ${range.max} (got "${raw}")`, 2)
  }
  return value
}

function readOptions(): { products: number; seed: number } {
  let values: { products?: string; seed?: string }
  try {
    ;({ values } = parseArgs({
      options: { products: { type: 'string' }, seed: { type: 'string' } },
      allowPositionals: false,
    }))
  } catch (error) {
    const firstLine = (error as Error).message.split('\n')[0]
    fail(`${firstLine} (${USAGE})`, 2)
  }
  return {
    products: parseWholeNumber('products', values.products, {
      fallback: DEFAULT_DEMO_PRODUCTS,
      min: 1,
      max: MAX_PRODUCTS,
    }),
    seed: parseWholeNumber('seed', values.seed, { fallback: DEFAULT_DEMO_SEED, min: 0, max: 2 ** 32 - 1 }),
  }
}

async function main(): Promise<void> {
  const options = readOptions()
  const env = loadEnvOrExit()
  const database = await openDatabaseOrExit(env)

  const started = performance.now()
  try {
    const seeded = await seedDemoCatalog(database.db, {
      products: options.products,
      seed: options.seed,
      mediaStore: createMediaStore(env.media),
    })
    if (seeded.seeded) await refreshCatalogStatistics(database.db)
    const outcome = seeded.seeded
      ? { verb: 'Seeded the demo catalog with', count: seeded.products }
      : {
          verb: 'Catalog already seeded; appended',
          count: (await appendDemoProducts(database.db, { products: options.products, seed: options.seed }))
            .products,
        }
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`${outcome.verb} ${outcome.count} products in ${seconds} s`)
  } finally {
    await database.close()
  }
}

await main()
