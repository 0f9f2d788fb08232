import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { assertMediaKey, contentTypeOfKey, localMediaUrlOf, type MediaStore } from './media-store.ts'

/**
 * Media as files under `<root>` (the data folder's `media/`), served by the app at /media/<key>. Keys
 * are checked against the store's own pattern, so no key can reach outside the folder.
 */
export function createLocalMediaStore(root: string): MediaStore {
  const pathOf = (key: string) => {
    assertMediaKey(key)
    return join(root, key)
  }
  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key)
      // The extension decides the type the file is served with: the two must agree.
      if (contentTypeOfKey(key) !== contentType) throw new Error(`${key} cannot hold ${contentType}`)
      await mkdir(dirname(path), { recursive: true })
      // Written aside and renamed into place: a reader sees the whole file or none.
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`
      await writeFile(partial, bytes)
      try {
        await rename(partial, path)
      } catch (error) {
        await unlink(partial).catch(() => undefined)
        throw error
      }
    },
    async get(key) {
      try {
        return { bytes: new Uint8Array(await readFile(pathOf(key))), contentType: contentTypeOfKey(key) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    urlOf(key) {
      assertMediaKey(key)
      return localMediaUrlOf(key)
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
        throw error
      }
    },
  }
}
