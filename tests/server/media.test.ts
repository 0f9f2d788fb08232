import { once } from 'node:events'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, createDeflate } from 'node:zlib'
import { and, count, eq, isNull, like, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, media, products } from '../../server/db/schema.ts'
import { seedDemoCatalog } from '../../server/db/seed/seed.ts'
import { MediaMessage } from '../../server/services/media/image-pipeline.ts'
import { mediaImagesByIds } from '../../server/services/media/media-rows.ts'
import { MEDIA_MAX_BYTES, type MediaImageDto } from '../../src/domain/media.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const TYPE_ERROR = `file: ${MediaMessage.type}`
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** A photo-like picture (gradient under noise) of any size, as raw pixels to encode in any format. */
function photo(width: number, height: number) {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d05030"/><stop offset="1" stop-color="#3050c0"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff"/></svg>`,
  )
  return sharp(gradient).removeAlpha()
}

/**
 * A PNG whose header declares `width` × `height` one-bit grey pixels, all there and all black: a few
 * hundred KB that would decode to gigabytes.
 */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, no filter method, no interlace
  const deflate = createDeflate({ level: 9 })
  const compressed: Buffer[] = []
  deflate.on('data', (part: Buffer) => compressed.push(part))
  const rowsAtOnce = 1000
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * rowsAtOnce) // filter byte 0, then zeros
  for (let row = 0; row < height; row += rowsAtOnce) deflate.write(rows)
  deflate.end()
  await once(deflate, 'end')
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe.each(engines)('picture uploads on %s', (engine) => {
  let t: TestApp
  let mediaDir: string
  let operator: { token: string; userId: number }
  let warehouseOnly: { token: string; userId: number }
  let customer: { token: string; userId: number }

  const upload = async (bytes: Uint8Array, name: string, who = operator) => {
    const form = new FormData()
    form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }))
    const response = await t.app.request('/api/ops/media', {
      method: 'POST',
      body: form,
      headers: { token: who.token },
    })
    return { status: response.status, body: (await response.json()) as Envelope<MediaImageDto | null> }
  }
  const uploaded = async (bytes: Uint8Array, name: string) => {
    const answer = await upload(bytes, name)
    expect(answer.body.msg).toBe('success')
    expect(answer.status).toBe(200)
    return answer.body.data as MediaImageDto
  }
  const mediaCount = async () => (await t.db.select({ n: count() }).from(media))[0]?.n ?? 0
  const widthsOf = (image: MediaImageDto, format: string) =>
    image.variants.filter((variant) => variant.format === format).map((variant) => variant.width)

  /** Fetches every variant through the app and checks what it serves is what the URL says. */
  async function expectServed(image: MediaImageDto) {
    for (const variant of image.variants) {
      expect(variant.url).toMatch(/^\/media\/m\/[0-9a-z-]+-\d+\.(avif|webp)$/)
      const response = await t.app.request(variant.url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(`image/${variant.format}`)
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE)
      const served = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(served.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      expect(served.width).toBe(variant.width)
      // The variant's height follows the picture's shape.
      expect(served.height).toBe(Math.round((variant.width * image.height) / image.width))
    }
  }

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'yoyaku-media-'))
    t = await createTestApp(engine, { mediaDir })
    operator = await signedInAccount(t, 'ops-media@example.com', { kind: 'operator' })
    warehouseOnly = await signedInAccount(t, 'ops-warehouse@example.com', {
      kind: 'operator',
      permissions: ['warehouse'],
    })
    customer = await signedInAccount(t, 'shopper-media@example.com')
  })
  afterAll(async () => {
    await t?.close()
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true })
  })

  it('re-encodes a JPEG into AVIF and WebP at the shop’s widths, with a tiny placeholder, audited', async () => {
    const jpeg = await photo(2000, 1500).jpeg({ quality: 90 }).toBuffer()
    const image = await uploaded(jpeg, 'holiday.jpg')
    expect(image).toMatchObject({ width: 2000, height: 1500 })
    expect(widthsOf(image, 'avif')).toEqual([320, 640, 1280])
    expect(widthsOf(image, 'webp')).toEqual([320, 640, 1280])
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/)
    expect(image.placeholder.length).toBeLessThan(1024)
    const tiny = await sharp(Buffer.from(image.placeholder.split(',')[1] ?? '', 'base64')).metadata()
    expect(tiny).toMatchObject({ format: 'webp', width: 16, height: 12 })
    await expectServed(image)

    const [row] = await t.db.select().from(media).where(eq(media.id, image.id))
    expect(row).toMatchObject({
      width: 2000,
      height: 1500,
      sourceBytes: jpeg.length,
      createdBy: operator.userId,
    })
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'media'), eq(auditLog.entityId, String(image.id))))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ action: 'media.upload', actorId: operator.userId })
    // The row turns into the same picture others copy into products and brands.
    expect((await mediaImagesByIds(t.db, [image.id, image.id, 999_999])).get(image.id)).toEqual(image)
  })

  it('takes PNG, WebP and AVIF too, and never makes a variant wider than the original', async () => {
    const png = await uploaded(await photo(700, 500).png().toBuffer(), 'drawing.png')
    expect(widthsOf(png, 'webp')).toEqual([320, 640])
    expect(widthsOf(png, 'avif')).toEqual([320, 640])
    await expectServed(png)

    const webp = await uploaded(await photo(1400, 700).webp().toBuffer(), 'banner.webp')
    expect(widthsOf(webp, 'webp')).toEqual([320, 640, 1280])
    await expectServed(webp)

    // Narrower than the smallest width: one variant per format at its own width.
    const avif = await uploaded(await photo(300, 200).avif().toBuffer(), 'icon.avif')
    expect(avif).toMatchObject({ width: 300, height: 200 })
    expect(avif.variants.map(({ width, format }) => `${format}@${width}`).sort()).toEqual([
      'avif@300',
      'webp@300',
    ])
    await expectServed(avif)
  })

  it('judges a file by its bytes: a PNG named .jpg passes, text named .png does not', async () => {
    const png = await uploaded(await photo(400, 400).png().toBuffer(), 'really-a-png.jpg')
    expect(png.width).toBe(400)

    const before = await mediaCount()
    const text = await upload(new TextEncoder().encode('hello, not a picture\n'.repeat(20)), 'photo.png')
    expect(text.status).toBe(400)
    expect(text.body.msg).toBe(TYPE_ERROR)
    const svg = await upload(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'logo.svg',
    )
    expect(svg.body.msg).toBe(TYPE_ERROR)
    const gif = await upload(await photo(40, 40).gif().toBuffer(), 'anim.gif')
    expect(gif.status).toBe(400)
    expect(gif.body.msg).toBe(TYPE_ERROR)
    // HEIF's container with something else than AV1 inside (here: nothing decodable) is refused too.
    const fakeHeif = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheicmif1heic'),
      Buffer.alloc(64),
    ])
    expect((await upload(fakeHeif, 'phone.heic')).body.msg).toBe(TYPE_ERROR)
    const missing = await t.app.request('/api/ops/media', {
      method: 'POST',
      body: new FormData(),
      headers: { token: operator.token },
    })
    expect(((await missing.json()) as Envelope<null>).msg).toBe('file: is required')
    expect(await mediaCount()).toBe(before)
  })

  it('refuses files over 10 MB: a 413 over the body limit, a 400 naming the file within it', async () => {
    const before = await mediaCount()
    // Over the body limit: refused before the body is read.
    const huge = await upload(new Uint8Array(11 * 1024 * 1024), 'huge.jpg')
    expect(huge.status).toBe(413)
    expect(huge.body.msg).toBe('body: is larger than this call accepts')
    // Within the body limit's framing allowance but over 10 MB: the file's own check names it.
    const over = new Uint8Array(MEDIA_MAX_BYTES + 1)
    over.set([0xff, 0xd8, 0xff])
    const justOver = await upload(over, 'big.jpg')
    expect(justOver.status).toBe(400)
    expect(justOver.body.msg).toBe(`file: ${MediaMessage.tooLarge}`)
    expect(await mediaCount()).toBe(before)
  })

  it('refuses a decompression bomb from its header, storing nothing', async () => {
    const bomb = await pngBomb(30_000, 30_000)
    expect(bomb.length).toBeLessThan(MEDIA_MAX_BYTES)
    const before = await mediaCount()
    const answer = await upload(bomb, 'tiny.png')
    expect(answer.status).toBe(400)
    expect(answer.body.msg).toBe(`file: ${MediaMessage.tooManyPixels}`)
    // A thin strip: few pixels, an absurd side.
    const strip = await upload(await pngBomb(25_000, 2), 'strip.png')
    expect(strip.body.msg).toBe(`file: ${MediaMessage.tooManyPixels}`)
    expect(await mediaCount()).toBe(before)
  })

  it('applies the EXIF orientation and strips EXIF, GPS and every other metadata', async () => {
    // Stored 1600 × 1200 sideways; orientation 6 says to turn it upright (1200 × 1600).
    const jpeg = await photo(1600, 1200)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Holiday snaps' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 39/1 29/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '139/1 44/1 28/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const source = await sharp(jpeg).metadata()
    expect(source.orientation).toBe(6)
    // The GPS IFD's pointer tag (0x8825, little-endian) is in the upload's EXIF.
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true)
    expect(jpeg.includes('Holiday snaps')).toBe(true)
    const image = await uploaded(jpeg, 'gps.jpg')
    expect(image).toMatchObject({ width: 1200, height: 1600 })
    // 1280 would be wider than the upright picture.
    expect(widthsOf(image, 'webp')).toEqual([320, 640])
    for (const variant of image.variants) {
      const bytes = Buffer.from(await (await t.app.request(variant.url)).arrayBuffer())
      const metadata = await sharp(bytes).metadata()
      expect(metadata.exif).toBeUndefined()
      expect(metadata.icc).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(metadata.orientation).toBeUndefined()
      expect(bytes.includes('Holiday snaps')).toBe(false)
      expect(metadata.height).toBeGreaterThan(metadata.width)
    }
  })

  it('is for operators with the catalog permission only', async () => {
    const png = await photo(100, 100).png().toBuffer()
    const before = await mediaCount()
    const byCustomer = await upload(png, 'a.png', customer)
    expect(byCustomer.status).toBe(403)
    const byWarehouse = await upload(png, 'a.png', warehouseOnly)
    expect(byWarehouse.status).toBe(403)
    expect(byWarehouse.body.data).toEqual({ permission: 'catalog' })
    const form = new FormData()
    form.append('file', new File([png], 'a.png'))
    expect((await t.app.request('/api/ops/media', { method: 'POST', body: form })).status).toBe(401)
    expect(await mediaCount()).toBe(before)
  })
  it('gives the seeded demo products pictures through the same pipeline, once', {
    timeout: 180_000,
  }, async () => {
    const seeded = await seedDemoCatalog(t.db, { products: 6, mediaDir })
    expect(seeded.seeded).toBe(true)
    const demo = await t.db.select().from(products)
    expect(demo).toHaveLength(6)
    for (const product of demo) {
      expect(product.imgList.length).toBeGreaterThan(0)
      expect(product.images).toHaveLength(product.imgList.length)
      for (const image of product.images) {
        expect(image).toMatchObject({ width: 640, height: 640 })
        expect(image.variants.map(({ width, format }) => `${format}@${width}`).sort()).toEqual([
          'avif@320',
          'avif@640',
          'webp@320',
          'webp@640',
        ])
      }
    }
    const [first] = demo[0]?.images ?? []
    if (!first) throw new Error('no demo picture')
    await expectServed(first)
    const demoRows = () => t.db.select({ n: count() }).from(media).where(isNull(media.createdBy))
    const rowsAfterSeeding = (await demoRows())[0]?.n
    const firstFile = join(mediaDir, first.variants[0]?.url.replace(/^\/media\//, '') ?? '')
    const writtenAt = statSync(firstFile).mtimeMs

    // A fresh media folder on the same database (a new DATA_DIR on a seeded PostgreSQL): the files come
    // back under the same keys, and no row is added.
    const freshDir = mkdtempSync(join(tmpdir(), 'yoyaku-media-fresh-'))
    try {
      expect((await seedDemoCatalog(t.db, { mediaDir: freshDir })).seeded).toBe(false)
      const key = first.variants[0]?.url.replace(/^\/media\//, '') ?? ''
      expect(existsSync(join(freshDir, key))).toBe(true)
    } finally {
      rmSync(freshDir, { recursive: true, force: true })
    }
    // A later start with its files in place encodes nothing, writes nothing and records nothing.
    expect((await seedDemoCatalog(t.db, { mediaDir })).seeded).toBe(false)
    expect(statSync(firstFile).mtimeMs).toBe(writtenAt)
    expect((await demoRows())[0]?.n).toBe(rowsAfterSeeding)
    const [keys] = await t.db
      .select({ n: count() })
      .from(media)
      .where(like(sql`${media.variants}->0->>'key'`, 'm/demo-product-%'))
    expect(keys?.n).toBe(rowsAfterSeeding)
  })
})
