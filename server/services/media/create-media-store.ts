import type { MediaSettings } from '../../env.ts'
import { createLocalMediaStore } from './local-media-store.ts'
import type { MediaStore } from './media-store.ts'
import { createS3MediaStore } from './s3-media-store.ts'

/** The store MEDIA_STORE names (deploy §1 Media): the shared folder, or the S3 bucket. */
export function createMediaStore(settings: MediaSettings): MediaStore {
  if (settings.store === 'local')
    return createLocalMediaStore(settings.dir, { publicUrl: settings.publicUrl })
  return createS3MediaStore(settings)
}

/** The folder the app serves /media from as files: the local store's, none for a bucket. */
export const localMediaDirOf = (settings: MediaSettings): string | undefined =>
  settings.store === 'local' ? settings.dir : undefined

/** One line saying where pictures go and where browsers fetch them, so a misconfiguration shows at start. */
export function describeMediaSettings(settings: MediaSettings): string {
  const where =
    settings.store === 'local'
      ? `folder ${settings.dir}`
      : `S3 bucket ${settings.bucket} at ${settings.endpoint ?? `AWS ${settings.region}`}`
  return `${where}, served at ${settings.publicUrl ?? 'this server’s /media/'}`
}
