import { readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { MediaSettings } from '../../env.ts'
import { writeWhole } from '../media/local-media-store.ts'

/*
 * Where photos of packed boxes live. Not in the media store's folder or keys: every file of MEDIA_DIR is
 * served to anyone at /media/, and the /media route answers any key the media store accepts. Photos are
 * private to a package's shopper and the staff, so they go where no public route looks:
 *   local  MEDIA_DIR's sibling `<MEDIA_DIR>-private/` (on the same volume when MEDIA_DIR is a folder of one)
 *   s3     the media bucket under `private/` (the app's /media route refuses such keys; a bucket policy
 *          that makes the bucket public must leave `private/*` out)
 * and reach a browser only through the signed, expiring URLs of photo-urls.ts.
 */

export interface PackagePhotoStore {
  put(key: string, bytes: Uint8Array): Promise<void>
  get(key: string): Promise<Uint8Array | undefined>
  /** A key already gone is no error. */
  delete(key: string): Promise<void>
}

/** The only content type stored: the pipeline's WebP variants. */
export const PACKAGE_PHOTO_CONTENT_TYPE = 'image/webp'

/** `package-photos/<packageId>/<random name>-<width>.webp`: ours alone, one folder per package. */
const KEY_PATTERN = /^package-photos\/([1-9][0-9]{0,15})\/[0-9a-f]{24}-[1-9][0-9]{0,5}\.webp$/

export const packagePhotoKey = (packageId: number, name: string, width: number) =>
  `package-photos/${packageId}/${name}-${width}.webp`

export const isPackagePhotoKey = (key: string): boolean => KEY_PATTERN.test(key)

/** The package a key belongs to, or undefined for anything that is not one of our keys. */
export function packageIdOfKey(key: string): number | undefined {
  const match = KEY_PATTERN.exec(key)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

function assertKey(key: string): void {
  if (!isPackagePhotoKey(key)) throw new Error(`not a package photo key: ${JSON.stringify(key)}`)
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/** Photos as files under `root`; keys are checked, so none reaches outside it. */
export function createLocalPackagePhotoStore(root: string): PackagePhotoStore {
  const pathOf = (key: string) => {
    assertKey(key)
    return join(root, key)
  }
  return {
    async put(key, bytes) {
      await writeWhole(pathOf(key), bytes)
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)))
      } catch (error) {
        if (isMissing(error)) return undefined
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

type S3Settings = Extract<MediaSettings, { store: 's3' }>

/** The bucket's folder of private objects. */
const S3_PRIVATE_PREFIX = 'private/'

/** Photos as objects of the media bucket under `private/`, never marked cacheable by anyone. */
export function createS3PackagePhotoStore(settings: S3Settings): PackagePhotoStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Same client settings as the media store's (s3-media-store.ts), for the same S3-compatible stores.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    ...(settings.endpoint === undefined
      ? {}
      : { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
  })
  const Bucket = settings.bucket
  const objectKey = (key: string) => {
    assertKey(key)
    return `${S3_PRIVATE_PREFIX}${key}`
  }
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: PACKAGE_PHOTO_CONTENT_TYPE,
          CacheControl: 'private, no-store',
        }),
      )
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }))
        if (!object.Body) throw new Error(`the bucket answered ${key} without a body`)
        return await object.Body.transformToByteArray()
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
    },
  }
}

/** The private folder of a local media store: beside MEDIA_DIR, never inside what /media serves. */
export const privateDirOf = (mediaDir: string): string => `${mediaDir.replace(/[/\\]+$/, '')}-private`

/** The store MEDIA_STORE implies (server/index.ts builds it once at start). */
export function createPackagePhotoStore(settings: MediaSettings): PackagePhotoStore {
  if (settings.store === 'local') return createLocalPackagePhotoStore(privateDirOf(settings.dir))
  return createS3PackagePhotoStore(settings)
}

/** What the app's deps say about photos (AppDeps; spelled out here so app-env.ts may import this file). */
interface PhotoStoreDeps {
  packagePhotos?: PackagePhotoStore
  mediaDir: string | undefined
}

const derivedStores = new WeakMap<PhotoStoreDeps, PackagePhotoStore>()

/**
 * The app's photo store: the one the server was given, else (an app built without one, as tests build
 * theirs) a local store beside its media folder.
 */
export function packagePhotoStoreOf(deps: PhotoStoreDeps): PackagePhotoStore {
  if (deps.packagePhotos) return deps.packagePhotos
  const known = derivedStores.get(deps)
  if (known) return known
  if (deps.mediaDir === undefined) {
    throw new Error('package photos need a store: give the app packagePhotos (server/index.ts does)')
  }
  const store = createLocalPackagePhotoStore(privateDirOf(deps.mediaDir))
  derivedStores.set(deps, store)
  return store
}
