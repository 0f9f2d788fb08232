/*
 * Where stored pictures live (backoffice §2 Images, deploy §1 Media): a folder every process shares
 * (local-media-store.ts) or an S3 bucket (s3-media-store.ts), chosen by create-media-store.ts. Keys are
 * ours, never a user's, and each folder holds one kind of file:
 *   m/<name>-<width>.<avif|webp>          encoded variants of uploads (random or content-derived names)
 *   demo/<name>.svg                       the demo drawings, written from code
 *   avatars/<userId>-<hex>.<jpg|png|gif|webp>  customers' avatars, a fresh random name on each upload
 * A stored key is never rewritten with other bytes (the demo drawings only with a release), so URLs
 * of variants and avatars may be cached for good.
 */

export interface StoredMedia {
  bytes: Uint8Array
  contentType: string
}

export interface MediaStore {
  /** Stores the bytes under the key (replacing nothing a reader could see half-written). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredMedia | undefined>
  /** Where a browser fetches the key: MEDIA_PUBLIC_URL's base (a CDN), else this server's /media/. */
  urlOf(key: string): string
  exists(key: string): Promise<boolean>
  /** Removes the key; a key already gone is no error. */
  delete(key: string): Promise<void>
  /**
   * The origin of MEDIA_PUBLIC_URL when media URLs point there rather than at this server, so pages
   * may draw pictures from it (their CSP's img-src); undefined when the server serves its own.
   */
  readonly publicOrigin: string | undefined
}

/** The public path of media served by this server (every process serves every key there). */
export const MEDIA_URL_PREFIX = '/media/'

/** The URL of a key served by this server (also the default when turning rows into answers). */
export const localMediaUrlOf = (key: string): string => `${MEDIA_URL_PREFIX}${key}`

/** A key's URL: under MEDIA_PUBLIC_URL (already without its trailing slash) when set, else /media/. */
export function mediaUrlOf(key: string, publicUrl: string | undefined): string {
  assertMediaKey(key)
  return publicUrl === undefined ? localMediaUrlOf(key) : `${publicUrl}/${key}`
}

/** The origin pages must allow pictures from, for a store whose URLs start with `publicUrl`. */
export const publicOriginOf = (publicUrl: string | undefined): string | undefined =>
  publicUrl === undefined ? undefined : new URL(publicUrl).origin

/** The folder (under the store's root and /media) where encoded variants go. */
export const VARIANT_FOLDER = 'm'
/** The folder of the demo drawings (`/media/demo/<file>`, the demo catalog's imgList). */
export const DEMO_FOLDER = 'demo'
/** The folder of customers' avatars. */
export const AVATAR_FOLDER = 'avatars'
/**
 * Where avatars were served before the media store; accounts keep such URLs (users.avatar), so every
 * process still answers `/uploads/avatars/<file>` with the key `avatars/<file>`.
 */
export const AVATAR_URL_PREFIX = `/uploads/${AVATAR_FOLDER}/`

/**
 * Each folder's names and extensions: lower-case letters, digits and hyphens, one folder deep, no dot
 * but the extension's, so no key can climb out of the store's root or name another kind of file.
 */
const KEY_RULES: readonly RegExp[] = [
  new RegExp(`^${VARIANT_FOLDER}/[a-z0-9][a-z0-9-]{0,120}\\.(avif|webp)$`),
  new RegExp(`^${DEMO_FOLDER}/[a-z0-9][a-z0-9-]{0,120}\\.svg$`),
  new RegExp(`^${AVATAR_FOLDER}/[1-9][0-9]{0,15}-[0-9a-f]{24}\\.(jpg|png|gif|webp)$`),
]

export const isMediaKey = (key: string): boolean => KEY_RULES.some((rule) => rule.test(key))

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`)
}

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}

/**
 * The content type a key is stored and served with: its extension's, whatever a store's metadata
 * says (checked keys only, so an avatar can never be answered as anything but the picture it is).
 */
export function contentTypeOfKey(key: string): string {
  assertMediaKey(key)
  const type = CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]
  if (!type) throw new Error(`no content type for media key ${key}`)
  return type
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * How long browsers and CDNs keep a key: variants and avatars get a fresh name whenever their bytes
 * change, so for good; the demo drawings are rewritten from code and may change with a release, so a day.
 */
export function cacheControlOfKey(key: string): string {
  return key.startsWith(`${DEMO_FOLDER}/`) ? 'public, max-age=86400' : IMMUTABLE
}

/** A store refuses to put bytes under a key whose extension names another type. */
export function assertContentTypeOfKey(key: string, contentType: string): void {
  if (contentTypeOfKey(key) !== contentType) throw new Error(`${key} cannot hold ${contentType}`)
}
