import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

const LOCK_FILE = 'yoyaku.lock'

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Yoyaku server (pid ${pid}); stop it first or choose another DATA_DIR`,
    )
    this.name = 'DataDirInUseError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is a single-process database: two servers on one directory would corrupt it. Takes an
 * exclusive lock file (created with O_EXCL) holding our pid; a lock left by a dead process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          unlinkSync(path)
        } catch {
          // already gone: nothing to release
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolderPid(path)
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder)
      }
      if (holder === process.pid) throw new DataDirInUseError(dataDir, holder)
      unlinkSync(path) // stale lock from a process that is gone
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`)
}

function readHolderPid(path: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown }
    return typeof pid === 'number' ? pid : undefined
  } catch {
    return undefined
  }
}
