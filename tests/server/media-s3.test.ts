import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeDemoImages } from '../../server/db/seed/demo-images.ts'
import { loadEnv } from '../../server/env.ts'
import { createMediaStore } from '../../server/services/media/create-media-store.ts'
import type { MediaStore } from '../../server/services/media/media-store.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { runNodeScript, type ScriptRun } from '../support/node-script.ts'
import { type S3Emulator, startS3Emulator } from '../support/s3-emulator.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/*
 * Media for many processes (deploy §1 Media): what one app process stores, every other serves, from a
 * bucket (here the s3rver emulator) or from a folder they share.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable'
const CDN = 'https://cdn.example.test/media'

/** The store a process makes from its environment, as server/index.ts does. */
const storeFor = (s3: S3Emulator, extra: Record<string, string> = {}): MediaStore =>
  createMediaStore(loadEnv({ ...s3.env, ...extra }).media)

const photoPng = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer()

/** A real 1×1 GIF. */
const TINY_GIF = new Uint8Array(
  Buffer.from(
    '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
    'hex',
  ),
)

async function uploadPicture(t: TestApp, token: string): Promise<MediaImageDto> {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(await photoPng())], 'photo.png'))
  const response = await t.app.request('/api/ops/media', { method: 'POST', body: form, headers: { token } })
  const body = (await response.json()) as Envelope<MediaImageDto | null>
  expect(body.msg).toBe('success')
  if (!body.data) throw new Error('no picture in the answer')
  return body.data
}

async function uploadAvatar(t: TestApp, token: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(bytes)], 'me.gif', { type: 'image/gif' }))
  const response = await t.app.request('/api/mall/user/updateAvatar', {
    method: 'PUT',
    body: form,
    headers: { token },
  })
  const body = (await response.json()) as Envelope<{ avatar: string } | null>
  expect(body.msg).toBe('success')
  return body.data?.avatar ?? ''
}

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer())
}

describe.each(engines)('media in an S3 bucket, two app processes on %s', (engine) => {
  let s3: S3Emulator
  let first: TestApp
  let second: TestApp
  let operator: { token: string; userId: number }

  beforeAll(async () => {
    s3 = await startS3Emulator()
    first = await createTestApp(engine, { media: storeFor(s3) })
    // Another process: its own store (its own S3 client) on the same database and bucket.
    second = await createTestApp(engine, { db: first.db, media: storeFor(s3) })
    operator = await signedInAccount(first, 'ops-s3@example.com', { kind: 'operator' })
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
    await s3?.stop()
  })

  it('serves a picture uploaded through one process from the other, with its type and cache policy', async () => {
    const image = await uploadPicture(first, operator.token)
    expect(image.variants.length).toBeGreaterThan(0)
    // Neither process keeps the picture on its own disk: it is in the bucket.
    const bucket = storeFor(s3)
    for (const variant of image.variants) {
      expect(variant.url).toMatch(/^\/media\/m\/[0-9a-f]{24}-\d+\.(avif|webp)$/)
      expect(await bucket.exists(variant.url.replace('/media/', ''))).toBe(true)
      const served = await second.app.request(variant.url)
      expect(served.status, variant.url).toBe(200)
      expect(served.headers.get('content-type')).toBe(`image/${variant.format}`)
      expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
      const metadata = await sharp(Buffer.from(await bytesOf(served))).metadata()
      expect(metadata.width).toBe(variant.width)
    }
  })

  it('serves an avatar uploaded through one process from the other, and deletes the one it replaced', async () => {
    const { token } = await signedInAccount(first, 'avatar-s3@example.com')
    const avatar = await uploadAvatar(first, token, TINY_GIF)
    expect(avatar).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]{24}\.gif$/)
    const served = await second.app.request(avatar)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/gif')
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(await bytesOf(served)).toEqual(TINY_GIF)
    // The URL accounts held before the store names the same object.
    const old = await second.app.request(avatar.replace('/media/avatars/', '/uploads/avatars/'))
    expect(old.status).toBe(200)
    expect(await bytesOf(old)).toEqual(TINY_GIF)

    // Replaced through the other process: the first avatar leaves the bucket.
    const png = await photoPng()
    const next = await uploadAvatar(second, token, png)
    expect(next).toMatch(/\.png$/)
    expect(await storeFor(s3).exists(avatar.replace('/media/', ''))).toBe(false)
    expect((await first.app.request(avatar)).status).toBe(404)
    expect(await bytesOf(await first.app.request(next))).toEqual(new Uint8Array(png))
  })

  it('serves the demo drawings from the bucket as SVG, kept a day, under the shop’s CSP', async () => {
    expect(await writeDemoImages(storeFor(s3))).toBe(65)
    // Already there: a second start writes nothing.
    expect(await writeDemoImages(storeFor(s3))).toBe(0)
    const served = await second.app.request('/media/demo/product-07.svg')
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/svg+xml')
    expect(served.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'self'/)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new TextDecoder().decode(await bytesOf(served))).toMatch(/^<svg xmlns=/)
  })

  it('answers 404 for a key the bucket lacks and for paths that name no key', async () => {
    for (const path of [
      '/media/m/0123456789abcdef01234567-320.webp',
      '/media/demo/no-such-drawing.svg',
      `/uploads/avatars/1-${'0'.repeat(24)}.png`,
      '/media/m/..%2F..%2Fsecret.webp',
      '/media/demo/script.js',
      '/media/avatars/1-abc.svg',
    ]) {
      const response = await second.app.request(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/application\/json/)
    }
  })

  it('points URLs in answers at MEDIA_PUBLIC_URL, and lets pages draw pictures from it', async () => {
    const behindCdn = await createTestApp(engine, {
      db: first.db,
      media: storeFor(s3, { MEDIA_PUBLIC_URL: `${CDN}/` }),
    })
    try {
      const image = await uploadPicture(behindCdn, operator.token)
      for (const variant of image.variants) {
        expect(variant.url).toMatch(/^https:\/\/cdn\.example\.test\/media\/m\/[0-9a-f]{24}-\d+\.(avif|webp)$/)
        // The CDN fetches the bucket's object; the app still answers the key at /media/ too.
        const key = variant.url.slice(`${CDN}/`.length)
        expect((await second.app.request(`/media/${key}`)).status).toBe(200)
      }
      const { token } = await signedInAccount(behindCdn, 'cdn-avatar@example.com')
      expect(await uploadAvatar(behindCdn, token, TINY_GIF)).toMatch(
        /^https:\/\/cdn\.example\.test\/media\/avatars\/\d+-[0-9a-f]{24}\.gif$/,
      )
      const csp = (await behindCdn.app.request('/api/health')).headers.get('content-security-policy')
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.test(;|$)/)
      // Without it, pages draw pictures from the shop only.
      const own = (await second.app.request('/api/health')).headers.get('content-security-policy')
      expect(own).toMatch(/img-src 'self' data: blob:(;|$)/)
    } finally {
      await behindCdn.close()
    }
  })
})

describe.each(engines)('one local media folder shared by two app processes on %s', (engine) => {
  let mediaDir: string
  let first: TestApp
  let second: TestApp

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'yoyaku-shared-media-'))
    first = await createTestApp(engine, { mediaDir })
    second = await createTestApp(engine, { db: first.db, mediaDir })
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true })
  })

  it('serves what either process stored from the other', async () => {
    const operator = await signedInAccount(first, 'ops-shared@example.com', { kind: 'operator' })
    const image = await uploadPicture(first, operator.token)
    for (const variant of image.variants) {
      const served = await second.app.request(variant.url)
      expect(served.status, variant.url).toBe(200)
      expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
    }
    const { token } = await signedInAccount(second, 'avatar-shared@example.com')
    const avatar = await uploadAvatar(second, token, TINY_GIF)
    const served = await first.app.request(avatar)
    expect(served.status).toBe(200)
    expect(await bytesOf(served)).toEqual(TINY_GIF)
  })
})

/** `npm run media:migrate` as an operator runs it: its own process, configured by the environment. */
function runMigrate(env: Record<string, string>): Promise<ScriptRun> {
  const { MEDIA_DIR: _dir, DATABASE_URL: _db, MEDIA_PUBLIC_URL: _url, ...inherited } = process.env
  return runNodeScript('scripts/media-migrate.ts', [], { ...inherited, ...env })
}

describe('npm run media:migrate', () => {
  let s3: S3Emulator
  let dataDir: string
  const variant = 'm/0123456789abcdef01234567-320.webp'
  const avatarFile = `5-${'cd'.repeat(12)}.png`
  const variantBytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3])
  const avatarBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 8, 7])

  beforeAll(async () => {
    s3 = await startS3Emulator('migrated-media')
    dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-migrate-'))
    mkdirSync(join(dataDir, 'media', 'm'), { recursive: true })
    mkdirSync(join(dataDir, 'uploads', 'avatars'), { recursive: true })
    writeFileSync(join(dataDir, 'media', variant), variantBytes)
    // An interrupted write's leftover is no key: never copied.
    writeFileSync(join(dataDir, 'media', `${variant}.a1b2c3.partial`), 'half')
    writeFileSync(join(dataDir, 'uploads', 'avatars', avatarFile), avatarBytes)
    mkdirSync(join(dataDir, 'media', 'demo'))
    writeFileSync(
      join(dataDir, 'media', 'demo', 'product-01.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    )
  })
  afterAll(async () => {
    await s3?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('copies the media and avatars folders into the bucket, then skips them on a second run', {
    timeout: 120_000,
  }, async () => {
    const first = await runMigrate({ ...s3.env, DATA_DIR: dataDir })
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(`copied ${variant}`)
    expect(first.stdout).toContain(`copied avatars/${avatarFile}`)
    expect(first.stdout).toContain('copied demo/product-01.svg')
    expect(first.stdout).toMatch(/ignored .*\.partial/)
    expect(first.stdout).toContain('Copied 3, skipped 0 already there, failed 0')

    // Any process on the bucket now serves them, avatars at their old URL too.
    const app = await createTestApp('pglite', { media: storeFor(s3, { S3_BUCKET: 'migrated-media' }) })
    try {
      expect(await bytesOf(await app.app.request(`/media/${variant}`))).toEqual(variantBytes)
      expect(await bytesOf(await app.app.request(`/uploads/avatars/${avatarFile}`))).toEqual(avatarBytes)
      expect((await app.app.request('/media/demo/product-01.svg')).status).toBe(200)
    } finally {
      await app.close()
    }

    const again = await runMigrate({ ...s3.env, DATA_DIR: dataDir })
    expect(again.code).toBe(0)
    expect(again.stdout).not.toMatch(/^copied /m)
    expect(again.stdout).toContain(`skipped ${variant} (already in the store)`)
    expect(again.stdout).toContain(`skipped avatars/${avatarFile} (already in the store)`)
    expect(again.stdout).toContain('Copied 0, skipped 3 already there, failed 0')
  })

  it('says which files failed and exits non-zero when the store refuses them', {
    timeout: 120_000,
  }, async () => {
    const result = await runMigrate({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: dataDir })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`failed ${variant}`)
    expect(result.stdout).toContain('Copied 0, skipped 0 already there, failed 3')
  })
})
