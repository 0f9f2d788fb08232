import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../server/db/client.ts'
import { categories } from '../../server/db/schema.ts'

export interface CommitCost {
  fsync: boolean
  commits: number
  msPerCommit: number
}

/** Single-row committed inserts into an on-disk PGlite, with fsync on or off: the price of durability. */
export async function measureCommitCost(fsync: boolean, commits = 300): Promise<CommitCost> {
  const dir = mkdtempSync(join(tmpdir(), 'yoyaku-bench-'))
  const database = await openDatabase({ kind: 'pglite', dataDir: dir }, { fsync })
  try {
    const start = performance.now()
    for (let i = 0; i < commits; i++) {
      await database.db.insert(categories).values({ name: `bench ${i}` })
    }
    const ms = performance.now() - start
    return { fsync, commits, msPerCommit: Math.round((ms / commits) * 1000) / 1000 }
  } finally {
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
