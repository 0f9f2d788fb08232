import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export interface S3Emulator {
  /** S3_ENDPOINT: `http://127.0.0.1:<port>`, addressed path-style. */
  endpoint: string
  /** S3_BUCKET: made empty by start. */
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** The variables a server process (or media:migrate) needs to use this bucket. */
  env: Record<string, string>
  stop(): Promise<void>
}

/**
 * A local S3 (s3rver) on a free port with its own temporary folder, and an empty bucket made through
 * the S3 API as an operator would. s3rver accepts any signed request; the keys are its documented ones.
 */
export async function startS3Emulator(bucket = 'yoyaku-media'): Promise<S3Emulator> {
  const directory = await mkdtemp(join(tmpdir(), 'yoyaku-s3-'))
  // Port 0: the system picks a free port as the server binds it, so nothing can take it in between.
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  const settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  }
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  })
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
  } finally {
    client.destroy()
  }
  return {
    ...settings,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
