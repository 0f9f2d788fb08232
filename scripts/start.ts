/**
 * `npm start`: builds the PWA only when `dist` is missing or older than its sources, then runs the
 * server. Several starts at once on one checkout (a cluster, a supervisor restarting processes) build
 * once: the build runs under a lock folder, and whoever waited for it checks again before building.
 * The new build is made aside and swapped in, so a process already serving `dist` never sees half of it.
 */
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

const DIST = 'dist'
/** Written by every build (vite.config.ts `buildStamp`): when `dist` was built. */
const STAMP = join(DIST, '.build-stamp')
const LOCK = '.build-lock'
/** Everything the client build reads: when any of it is newer than the stamp, the build is stale. */
const SOURCES = [
  'src',
  'machines',
  'public',
  'index.html',
  'vite.config.ts',
  'vite-preload-deps.ts',
  'panda.config.ts',
  'postcss.config.cjs',
  'lingui.config.ts',
  'pwa-manifest.ts',
  'tsconfig.json',
  'package-lock.json',
]

/** The newest modification time under `path` (files and folders, recursively), 0 when absent. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function isStale(): boolean {
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(STAMP)) return true
  const builtAt = statSync(STAMP).mtimeMs
  return SOURCES.some((source) => newestMtime(source) > builtAt)
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Takes the build lock, waiting while another live start holds it; a dead holder's lock is taken over. */
async function takeLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(LOCK)
      writeFileSync(join(LOCK, 'pid'), String(process.pid))
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number(readFileSafely(join(LOCK, 'pid')))
    if (holder && !isAlive(holder)) {
      rmSync(LOCK, { recursive: true, force: true })
      continue
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

function readFileSafely(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) {
    rmSync(LOCK, { recursive: true, force: true })
    process.exit(result.status ?? 1)
  }
}

async function buildWhenStale(): Promise<void> {
  if (!isStale()) return
  await takeLock()
  try {
    // Another start may have built it while this one waited.
    if (!isStale()) return
    console.log('Building the PWA (dist is missing or older than its sources)…')
    const next = `${DIST}.next`
    rmSync(next, { recursive: true, force: true })
    run(process.execPath, ['node_modules/@pandacss/dev/bin.js', 'codegen', '--silent'])
    run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', next, '--emptyOutDir'])
    const previous = `${DIST}.previous`
    rmSync(previous, { recursive: true, force: true })
    if (existsSync(DIST)) renameSync(DIST, previous)
    renameSync(next, DIST)
    rmSync(previous, { recursive: true, force: true })
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

await buildWhenStale()
// The server runs in this process: signals reach it directly.
await import('../server/index.ts')
