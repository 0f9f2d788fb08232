import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { DataDirInUseError, lockDataDir } from '../../server/db/data-dir-lock.ts'
import { categories } from '../../server/db/schema.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'yoyaku-data-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while the first holds it, and frees it on release', () => {
    const dir = tempDir()
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    expect(() => lockDataDir(dir)).toThrow(/in use by another Yoyaku server/)
    release()
    expect(existsSync(join(dir, 'yoyaku.lock'))).toBe(false)
    lockDataDir(dir)()
  })

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir()
    const finished = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
    const deadPid = Number(finished.stdout.trim())
    writeFileSync(join(dir, 'yoyaku.lock'), JSON.stringify({ pid: deadPid }))
    const release = lockDataDir(dir)
    release()
  })
})

describe('PGlite on a data directory', () => {
  it('keeps its rows across close and reopen, and refuses a concurrent open', async () => {
    const dir = tempDir()
    const first = await openDatabase({ kind: 'pglite', dataDir: dir })
    await first.db.insert(categories).values({ name: '持久化', enName: 'Kept' })
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(DataDirInUseError)
    await first.close()

    const again = await openDatabase({ kind: 'pglite', dataDir: dir })
    try {
      const rows = await again.db.select({ name: categories.name }).from(categories)
      expect(rows).toEqual([{ name: '持久化' }])
    } finally {
      await again.close()
    }
  })
})
