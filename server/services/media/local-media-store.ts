import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  assertContentTypeOfKey,
  assertMediaKey,
  contentTypeOfKey,
  type MediaStore,
  mediaUrlOf,
  publicOriginOf,
} from './media-store.ts'

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Media as files under `root` (MEDIA_DIR, by default the data folder's `media/`; a volume every process
 * mounts when there are several), served by the app at /media/<key>. Keys are checked against the
 * store's own pattern, so no key can reach outside the folder.
 */
/** Writes the file aside and renames it into place: a reader sees the whole file or none. */
export async function writeWhole(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`
  await writeFile(partial, bytes)
  try {
    await rename(partial, path)
  } catch (error) {
    await unlink(partial).catch(() => undefined)
    throw error
  }
}

export function createLocalMediaStore(root: string, options: { publicUrl?: string } = {}): MediaStore {
  const pathOf = (key: string) => {
    assertMediaKey(key)
    return join(root, key)
  }
  return {
    publicOrigin: publicOriginOf(options.publicUrl),
    async put(key, bytes, contentType) {
      const path = pathOf(key)
      // The extension decides the type the file is served with: the two must agree.
      assertContentTypeOfKey(key, contentType)
      await writeWhole(path, bytes)
    },
    async get(key) {
      try {
        return { bytes: new Uint8Array(await readFile(pathOf(key))), contentType: contentTypeOfKey(key) }
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    urlOf(key) {
      return mediaUrlOf(key, options.publicUrl)
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile()
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async delete(key) {
      try {
        await unlink(pathOf(key))
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    },
  }
}
