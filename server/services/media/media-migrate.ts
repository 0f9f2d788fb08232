import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { contentTypeOfKey, isMediaKey, type MediaStore } from './media-store.ts'

/*
 * `npm run media:migrate`: copies what a process wrote to its own disk before the media store existed
 * (or before the shop moved to a bucket) into the configured store, so every process serves it.
 * Idempotent: a key the store already holds is never written again (keys never change their bytes).
 */

/** A local folder whose files become keys: `<keyPrefix><path under the folder>`. */
export interface MediaSource {
  dir: string
  /** `''` for the media folder (its paths are keys already), `avatars/` for the old avatars folder. */
  keyPrefix: string
}

export type MigrationOutcome = 'copied' | 'skipped' | 'failed' | 'ignored'

export interface MigrationEvent {
  outcome: MigrationOutcome
  /** The key, or for an ignored file its path (it names no key of ours). */
  name: string
  /** Why it failed or was ignored. */
  reason?: string
}

export interface MigrationSummary {
  copied: number
  skipped: number
  failed: number
  ignored: number
}

/** Keys copied at once: each is a small request to the store. */
const AT_ONCE = 8

async function filesUnder(dir: string): Promise<string[] | undefined> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Copies every file of the sources whose path makes one of our keys into `store`, skipping keys it
 * already holds; other files (an interrupted write's `.partial`, an operator's notes) are reported
 * as ignored. Reports each file through `report` as it goes; a failure stops nothing else.
 */
export async function migrateMedia(
  store: MediaStore,
  sources: readonly MediaSource[],
  report: (event: MigrationEvent) => void = () => undefined,
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: 0, ignored: 0 }
  const record = (event: MigrationEvent) => {
    summary[event.outcome]++
    report(event)
  }
  for (const source of sources) {
    const files = (await filesUnder(source.dir)) ?? []
    for (let start = 0; start < files.length; start += AT_ONCE) {
      await Promise.all(
        files.slice(start, start + AT_ONCE).map(async (file) => {
          const key = `${source.keyPrefix}${file}`
          if (!isMediaKey(key)) {
            record({ outcome: 'ignored', name: join(source.dir, file), reason: 'not a media file' })
            return
          }
          try {
            if (await store.exists(key)) {
              record({ outcome: 'skipped', name: key, reason: 'already in the store' })
              return
            }
            await store.put(
              key,
              new Uint8Array(await readFile(join(source.dir, file))),
              contentTypeOfKey(key),
            )
            record({ outcome: 'copied', name: key })
          } catch (error) {
            record({ outcome: 'failed', name: key, reason: (error as Error).message })
          }
        }),
      )
    }
  }
  return summary
}
