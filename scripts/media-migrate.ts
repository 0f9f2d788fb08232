import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { EnvError, loadEnv } from '../server/env.ts'
import { createMediaStore, describeMediaSettings } from '../server/services/media/create-media-store.ts'
import { type MediaSource, migrateMedia } from '../server/services/media/media-migrate.ts'
import { AVATAR_FOLDER } from '../server/services/media/media-store.ts'

/**
 * `npm run media:migrate [-- --media-dir DIR] [-- --avatars-dir DIR]`: copies this machine's media
 * folder (MEDIA_DIR, default `$DATA_DIR/media`: variants and demo drawings) and its avatars folder
 * (`$DATA_DIR/uploads/avatars`) into the store MEDIA_STORE configures, skipping keys already there.
 * Safe to run again, and while the shop runs. Needs no database. Exits 1 when any file failed.
 */

const USAGE = 'usage: npm run media:migrate [-- --media-dir DIR] [-- --avatars-dir DIR]'

function fail(message: string, exitCode: number): never {
  console.error(message)
  process.exit(exitCode)
}

function readOptions(): { mediaDir?: string; avatarsDir?: string } {
  try {
    const { values } = parseArgs({
      options: { 'media-dir': { type: 'string' }, 'avatars-dir': { type: 'string' } },
      allowPositionals: false,
    })
    return { mediaDir: values['media-dir'], avatarsDir: values['avatars-dir'] }
  } catch (error) {
    fail(`${(error as Error).message.split('\n')[0]} (${USAGE})`, 2)
  }
}

async function main(): Promise<void> {
  const options = readOptions()
  let env: ReturnType<typeof loadEnv>
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof EnvError) fail(error.message, 1)
    throw error
  }
  // MEDIA_DIR names the folder to read even when the store is a bucket (it is where the files were).
  const mediaDir = resolve(options.mediaDir ?? (process.env.MEDIA_DIR?.trim() || join(env.dataDir, 'media')))
  const avatarsDir = resolve(options.avatarsDir ?? join(env.dataDir, 'uploads', AVATAR_FOLDER))
  const sources: MediaSource[] = [
    { dir: mediaDir, keyPrefix: '' },
    { dir: avatarsDir, keyPrefix: `${AVATAR_FOLDER}/` },
  ]
  console.log(`Copying into the media store: ${describeMediaSettings(env.media)}`)
  for (const { dir } of sources) {
    if (!existsSync(dir)) console.log(`No folder ${dir}: nothing to copy from it`)
  }

  const summary = await migrateMedia(createMediaStore(env.media), sources, (event) => {
    const line = `${event.outcome} ${event.name}${event.reason ? ` (${event.reason})` : ''}`
    if (event.outcome === 'failed') console.error(line)
    else console.log(line)
  })
  console.log(
    `Copied ${summary.copied}, skipped ${summary.skipped} already there, failed ${summary.failed}` +
      (summary.ignored > 0 ? `; ignored ${summary.ignored} files that are no media of ours` : ''),
  )
  if (summary.failed > 0) {
    fail('Some files were not copied: fix the cause above and run media:migrate again.', 1)
  }
}

await main()
