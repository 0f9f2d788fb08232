import { existsSync } from 'node:fs'
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema.ts'
import { sniffImageType } from '../../server/services/accounts/avatars.ts'
import { AVATAR_MAX_BYTES } from '../../src/domain/account.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { readSessionClaims, type UserProfile } from '../../src/domain/session.ts'
import { signUp } from './support/accounts.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A real 1×1 RGBA PNG. */
function tinyPng(): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0) // width
  header.writeUInt32BE(1, 4) // height
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const scanline = Buffer.from([0, 0xe9, 0x4e, 0x77, 0xff]) // filter byte, then one pixel
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(PNG_SIGNATURE),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(scanline)),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  )
}

/** A real 1×1 GIF. */
const TINY_GIF = new Uint8Array(
  Buffer.from(
    '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
    'hex',
  ),
)

/** A JPEG start (SOI and an APP0 marker) padded to `size` bytes: enough for the byte check. */
function jpegOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  bytes.set([0xff, 0xd8, 0xff, 0xe0])
  return bytes
}

const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))

describe('sniffImageType', () => {
  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xdb], 'jpg'],
    ['PNG', PNG_SIGNATURE, 'png'],
    ['GIF87a', [...ascii('GIF87a'), 1, 0], 'gif'],
    ['GIF89a', [...ascii('GIF89a'), 1, 0], 'gif'],
    ['WebP', [...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')], 'webp'],
  ])('knows %s by its first bytes', (_name, bytes, ext) => {
    expect(sniffImageType(new Uint8Array(bytes))?.ext).toBe(ext)
  })

  it.each([
    ['text', ascii('hello, this is not a picture')],
    ['a WAVE file (RIFF but not WebP)', ascii('RIFF\x24\x00\x00\x00WAVEfmt ')],
    ['a GIF look-alike', ascii('GIF88a')],
    ['a cut-off PNG signature', new Uint8Array(PNG_SIGNATURE.slice(0, 7))],
    ['an SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeUndefined()
  })
})

describe.each(engines)('avatar upload on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  const avatarsDir = () => join(t.mediaDir ?? '', 'avatars')
  const storedFiles = async () => (existsSync(avatarsDir()) ? (await readdir(avatarsDir())).sort() : [])
  const info = async (token: string) =>
    (await t.getJson<Envelope<UserProfile>>('/api/mall/user/info', { token })).body.data

  async function upload(token: string, file?: File) {
    const form = new FormData()
    if (file) form.append('file', file)
    const response = await t.app.request('/api/mall/user/updateAvatar', {
      method: 'PUT',
      body: form,
      headers: { token },
    })
    return {
      status: response.status,
      body: (await response.json()) as Envelope<{ avatar: string } | null>,
      token: response.headers.get('token'),
    }
  }

  // A copy, so the File owns a plain ArrayBuffer.
  const fileOf = (bytes: Uint8Array, name: string, type: string) =>
    new File([Uint8Array.from(bytes)], name, { type })

  it('stores a PNG, serves it with the same bytes and shows it in the profile and a fresh token', async () => {
    const { token } = await signUp(t, 'png@example.com')
    const png = tinyPng()
    const { status, body, token: fresh } = await upload(token, fileOf(png, 'me.png', 'image/png'))
    expect(status).toBe(200)
    const avatar = body.data?.avatar ?? ''
    expect(avatar).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]{24}\.png$/)
    expect((await info(token)).avatar).toBe(avatar)
    expect(readSessionClaims(fresh ?? '')?.avatar).toBe(avatar)

    // At its store URL, and at the /uploads/avatars/ URL accounts from before the store still hold.
    for (const url of [avatar, avatar.replace('/media/avatars/', '/uploads/avatars/')]) {
      const served = await t.app.request(url)
      expect(served.status, url).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
    }
  })

  it('still serves an avatar from the folder of before the media store, and removes it when replaced', async () => {
    const { token } = await signUp(t, 'legacy@example.com')
    const userId = (await info(token)).id
    const file = `${userId}-${'ab'.repeat(12)}.gif`
    const legacyFile = join(t.legacyAvatarsDir, file)
    await writeFile(legacyFile, TINY_GIF)
    await t.db
      .update(users)
      .set({ avatar: `/uploads/avatars/${file}` })
      .where(eq(users.id, userId))
    const old = await t.app.request(`/uploads/avatars/${file}`)
    expect(old.status).toBe(200)
    expect(new Uint8Array(await old.arrayBuffer())).toEqual(TINY_GIF)

    const replaced = await upload(token, fileOf(tinyPng(), 'new.png', 'image/png'))
    expect(replaced.status).toBe(200)
    expect(existsSync(legacyFile)).toBe(false)
    expect((await t.app.request(`/uploads/avatars/${file}`)).status).toBe(404)
  })

  it('answers 404 for a missing avatar and for names that are no avatar of ours', async () => {
    for (const path of [
      `/uploads/avatars/1-${'0'.repeat(24)}.png`,
      '/uploads/avatars/..%2F..%2Foutbox%2Fmail.png',
      '/uploads/avatars/1-abc.svg',
      '/media/avatars/x.png',
    ]) {
      expect((await t.app.request(path)).status, path).toBe(404)
    }
  })

  it('replaces the previous avatar and removes its file', async () => {
    const { token } = await signUp(t, 'swap@example.com')
    const first = (await upload(token, fileOf(tinyPng(), 'a.png', 'image/png'))).body.data?.avatar ?? ''
    const firstFile = join(avatarsDir(), first.split('/').at(-1) ?? '')
    expect(existsSync(firstFile)).toBe(true)

    // The type comes from the bytes: a GIF declared as a PNG is stored as the GIF it is.
    const second = await upload(token, fileOf(TINY_GIF, 'b.png', 'image/png'))
    const secondAvatar = second.body.data?.avatar ?? ''
    expect(secondAvatar).toMatch(/\.gif$/)
    expect(existsSync(firstFile)).toBe(false)
    expect((await t.app.request(first)).status).toBe(404)
    expect((await t.app.request(secondAvatar)).status).toBe(200)
    expect((await info(token)).avatar).toBe(secondAvatar)
    const userId = String((await info(token)).id)
    expect((await storedFiles()).filter((name) => name.startsWith(`${userId}-`))).toHaveLength(1)
  })

  it('refuses a text file dressed as a PNG and stores nothing', async () => {
    const { token } = await signUp(t, 'text@example.com')
    const before = await storedFiles()
    const { status, body } = await upload(token, fileOf(ascii('just some text'), 'x.png', 'image/png'))
    expect(status).toBe(400)
    expect(body.msg).toBe('file: must be a JPEG, PNG, WebP or GIF image')
    expect(await storedFiles()).toEqual(before)
    expect((await info(token)).avatar).toBeNull()
  })

  it('asks for the file when none is sent', async () => {
    const { token } = await signUp(t, 'nofile@example.com')
    const { status, body } = await upload(token)
    expect(status).toBe(400)
    expect(body.msg).toBe('file: is required')
  })

  it('refuses an image of 2 MB + 1 byte and stores nothing', async () => {
    const { token } = await signUp(t, 'big@example.com')
    const before = await storedFiles()
    const { status, body } = await upload(
      token,
      fileOf(jpegOfSize(AVATAR_MAX_BYTES + 1), 'big.jpg', 'image/jpeg'),
    )
    expect(status).toBe(400)
    expect(body.msg).toBe('file: must be smaller than 2 MB')
    expect(await storedFiles()).toEqual(before)
  })

  it('accepts a JPEG of 2 MB − 1 byte', async () => {
    const { token } = await signUp(t, 'justfits@example.com')
    const { status, body } = await upload(
      token,
      fileOf(jpegOfSize(AVATAR_MAX_BYTES - 1), 'ok.jpg', 'image/jpeg'),
    )
    expect(status).toBe(200)
    const avatar = body.data?.avatar ?? ''
    expect(avatar).toMatch(/\.jpg$/)
    const served = await t.app.request(avatar)
    expect((await served.arrayBuffer()).byteLength).toBe(AVATAR_MAX_BYTES - 1)
  })

  it('refuses a body far over the limit before reading it', async () => {
    const { token } = await signUp(t, 'huge@example.com')
    const { status, body } = await upload(
      token,
      fileOf(jpegOfSize(3 * 1024 * 1024), 'huge.jpg', 'image/jpeg'),
    )
    expect(status).toBe(413)
    expect(body.msg).toBe('body: is larger than this call accepts')
  })
})
