import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import {
  assertContentTypeOfKey,
  assertMediaKey,
  cacheControlOfKey,
  contentTypeOfKey,
  type MediaStore,
  mediaUrlOf,
  publicOriginOf,
} from './media-store.ts'

export interface S3MediaSettings {
  /** S3_ENDPOINT: an S3-compatible store's address (MinIO, R2 …); AWS's own when absent. */
  endpoint: string | undefined
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** MEDIA_PUBLIC_URL, without its trailing slash. */
  publicUrl: string | undefined
}

/** A store's call that hangs must not hold a request (or a start-up) for ever: the SDK retries it. */
const CONNECT_TIMEOUT_MS = 5_000
const REQUEST_TIMEOUT_MS = 30_000

/** A GET's answer for a key the bucket does not hold; a missing bucket is a configuration error. */
const isMissingKey = (error: unknown) => error instanceof S3ServiceException && error.name === 'NoSuchKey'
/** HEAD answers have no body, so a missing key is only its 404. */
const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404

/**
 * Media as objects of one bucket, under the same keys as the local folder, each stored with its content
 * type and Cache-Control so a CDN in front of the bucket answers them as the app would. Nothing is
 * written to the local disk: every process reads and writes the bucket.
 */
export function createS3MediaStore(settings: S3MediaSettings): MediaStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible stores serve buckets under the path (`<endpoint>/<bucket>/<key>`), not a subdomain.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    // Several S3-compatible stores refuse or mangle the SDK's newer default checksum headers; AWS
    // itself keeps them.
    ...(settings.endpoint === undefined
      ? {}
      : { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
  })
  const Bucket = settings.bucket
  return {
    publicOrigin: publicOriginOf(settings.publicUrl),
    async put(key, bytes, contentType) {
      assertContentTypeOfKey(key, contentType)
      // S3 writes an object whole or not at all: a reader never sees it half-written.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: cacheControlOfKey(key),
        }),
      )
    },
    async get(key) {
      const contentType = contentTypeOfKey(key)
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) throw new Error(`the bucket answered ${key} without a body`)
        return { bytes: await object.Body.transformToByteArray(), contentType }
      } catch (error) {
        if (isMissingKey(error)) return undefined
        throw error
      }
    },
    urlOf(key) {
      return mediaUrlOf(key, settings.publicUrl)
    },
    async exists(key) {
      assertMediaKey(key)
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (error) {
        if (isNotFound(error)) return false
        throw error
      }
    },
    async delete(key) {
      assertMediaKey(key)
      // S3 answers a delete of a missing key with success as well.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}
