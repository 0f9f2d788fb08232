/*
 * Where encoded pictures live (backoffice §2 Images). Keys are ours, never a user's: `m/<name>-<width>.<format>`
 * with a random or content-derived name. A stored key is never rewritten with other bytes, so its URL
 * may be cached for good. The local store is the only one for now; an object store can sit behind the
 * same four calls.
 */

export interface StoredMedia {
  bytes: Uint8Array
  contentType: string
}

export interface MediaStore {
  /** Stores the bytes under the key (replacing nothing a reader could see half-written). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredMedia | undefined>
  /** Where a browser fetches the key. */
  urlOf(key: string): string
  exists(key: string): Promise<boolean>
}

/** The public path of media served by this server: the media folder is mounted at /media. */
export const MEDIA_URL_PREFIX = '/media/'

/** The URL of a key in the local store (also the default when turning rows into answers). */
export const localMediaUrlOf = (key: string): string => `${MEDIA_URL_PREFIX}${key}`

/** The folder (under the store's root and /media) where encoded variants go. */
export const VARIANT_FOLDER = 'm'

/** A key of ours: lower-case letters, digits and hyphens, one folder deep, an image extension. */
const KEY = /^[a-z0-9]+\/[a-z0-9][a-z0-9-]{0,120}\.(avif|webp)$/

export function assertMediaKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`)
}

const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' }

/** The content type a key's extension names. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1)
  const type = CONTENT_TYPES[extension]
  if (!type) throw new Error(`no content type for media key ${key}`)
  return type
}
