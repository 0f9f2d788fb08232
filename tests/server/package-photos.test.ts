import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, packagePhotos } from '../../server/db/schema.ts'
import { privateDirOf } from '../../server/services/package-photos/photo-store.ts'
import { shopDate } from '../../src/domain/dates.ts'
import {
  PACKAGE_PHOTO_URL_SECONDS,
  PACKAGE_PHOTOS_MAX,
  type PackagePhotoDto,
  type PackagePhotoListDto,
} from '../../src/domain/package-photos.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertPackedPackage } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type FieldErrors = { fields?: { field: string; message: string }[] } | null

/** A phone photo as cameras write it: a JPEG whose EXIF names the camera and where it was taken. */
const photoWithGps = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PackCam', Model: 'Box-1', Copyright: 'warehouse-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 41/1 2200/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 41/1 3000/100',
      },
    })
    .toBuffer()

/** A noisy photo over 1 MB, more than the API's default body limit. */
const largePhoto = () => {
  const width = 1600
  const height = 1200
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer()
}

describe.each(engines)('photos of packed boxes on %s', (engine) => {
  let t: TestApp
  let staff: { token: string; userId: number }
  let catalogStaff: { token: string }
  let shopper: { token: string; userId: number }
  let otherShopper: { token: string; userId: number }
  let packageId: number

  const upload = async (id: number, bytes: Uint8Array | string, token = staff.token, name = 'box.jpg') => {
    const form = new FormData()
    form.append('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name))
    const response = await t.app.request(`/api/ops/packages/${id}/photos`, {
      method: 'POST',
      body: form,
      headers: { token },
    })
    return {
      status: response.status,
      body: (await response.json()) as Envelope<PackagePhotoDto | FieldErrors>,
    }
  }
  const today = () => shopDate(t.clock.now) ?? ''
  const shopperList = (id: number, token?: string) =>
    t.getJson<Envelope<PackagePhotoListDto | null>>(
      `/api/mall/package/photos/${id}`,
      token === undefined ? {} : { token },
    )
  const photoCount = async (id: number) =>
    (await t.db.select({ n: count() }).from(packagePhotos).where(eq(packagePhotos.packageId, id)))[0]?.n ?? 0
  const auditCount = async (action: string) =>
    (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]?.n ?? 0
  const uploaded = async (id: number, bytes: Uint8Array) => {
    const { status, body } = await upload(id, bytes)
    expect(status, body.msg).toBe(200)
    return body.data as PackagePhotoDto
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    staff = await signedInAccount(t, 'photos-staff@example.com', {
      kind: 'operator',
      permissions: ['warehouse'],
    })
    catalogStaff = await signedInAccount(t, 'photos-catalog@example.com', {
      kind: 'operator',
      permissions: ['catalog'],
    })
    shopper = await signedInAccount(t, 'photos-shopper@example.com')
    otherShopper = await signedInAccount(t, 'photos-other@example.com')
    const box = await insertPackedPackage(t.db, { userId: shopper.userId, packedOn: today() })
    packageId = box.packageId
  })
  afterAll(() => t?.close())

  it('stores the staff’s photo without its EXIF and GPS, and the shopper fetches it through its URL', async () => {
    const jpeg = await photoWithGps()
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('PackCam')

    const photo = await uploaded(packageId, jpeg)
    expect(photo).toMatchObject({ width: 800, height: 600 })
    expect(photo.url).toMatch(/^\/api\/package-photos\/\d+\/[0-9a-f]{24}-640\.webp\?expires=\d+&signature=/)
    expect(photo.thumbnailUrl).toMatch(/-320\.webp\?/)
    expect(await auditCount('package.photoAdd')).toBe(1)

    const listed = await shopperList(packageId, shopper.token)
    expect(listed.status).toBe(200)
    expect(listed.body.data?.list.map((each) => each.id)).toEqual([photo.id])
    const fresh = listed.body.data?.list[0]
    if (!fresh) throw new Error('no photo listed')

    for (const url of [fresh.url, fresh.thumbnailUrl]) {
      const response = await t.app.request(url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const bytes = Buffer.from(await response.arrayBuffer())
      const metadata = await sharp(bytes).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      // Nothing of the camera's block, not even the text of its fields, reached the stored bytes.
      for (const text of ['Exif', 'PackCam', 'warehouse-owner']) expect(bytes.includes(text)).toBe(false)
    }
  })

  it('keeps photos out of every public folder and route', async () => {
    const [row] = await t.db.select().from(packagePhotos).where(eq(packagePhotos.packageId, packageId))
    const key = row?.variants[0]?.key
    if (!key || !t.mediaDir) throw new Error('no stored photo')
    expect(existsSync(join(privateDirOf(t.mediaDir), key))).toBe(true)
    expect(readdirSync(t.mediaDir, { recursive: true })).toEqual([])
    for (const path of [`/media/${key}`, `/media/../${key}`]) {
      expect((await t.app.request(path)).status).toBe(404)
    }
  })

  it('answers another shopper 404 and a visitor 401, in the envelope', async () => {
    const other = await shopperList(packageId, otherShopper.token)
    expect(other.status).toBe(404)
    expect(other.body).toMatchObject({ code: 404, data: null })
    const missing = await shopperList(packageId + 1000, shopper.token)
    expect(missing.status).toBe(404)
    expect(missing.body.msg).toBe(other.body.msg)
    const visitor = await shopperList(packageId)
    expect(visitor.status).toBe(401)
    expect(visitor.body.code).toBe(401)
    // A staff token is not a shopper's: the console reads photos through /api/ops.
    expect((await shopperList(packageId, staff.token)).status).toBe(403)
  })

  it('refuses a URL once it has expired, and a later list hands out a working one', async () => {
    const { body } = await shopperList(packageId, shopper.token)
    const url = body.data?.list[0]?.url
    if (!url) throw new Error('no photo listed')
    expect((await t.app.request(url)).status).toBe(200)
    t.clock.advance(PACKAGE_PHOTO_URL_SECONDS * 1000 + 1000)
    const expired = await t.app.request(url)
    expect(expired.status).toBe(403)
    expect(((await expired.json()) as Envelope<null>).msg).toMatch(/expired/)
    const again = await shopperList(packageId, shopper.token)
    const renewed = again.body.data?.list[0]?.url
    if (!renewed) throw new Error('no photo listed')
    expect(renewed).not.toBe(url)
    expect((await t.app.request(renewed)).status).toBe(200)
  })

  it('refuses a tampered signature, expiry or key with 403', async () => {
    const { body } = await shopperList(packageId, shopper.token)
    const url = body.data?.list[0]?.url
    if (!url) throw new Error('no photo listed')
    const parsed = new URL(url, 'http://shop.test')
    const signature = parsed.searchParams.get('signature') ?? ''
    const expires = Number(parsed.searchParams.get('expires'))
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    const tampered = [
      `${parsed.pathname}?expires=${expires}&signature=${flipped}`,
      `${parsed.pathname}?expires=${expires + 86_400}&signature=${signature}`,
      `${parsed.pathname}?expires=${expires}`,
      parsed.pathname,
      `${parsed.pathname.replace(/-640\.webp$/, '-320.webp')}?expires=${expires}&signature=${signature}`,
      `${parsed.pathname.replace(`/${packageId}/`, `/${packageId + 1}/`)}?expires=${expires}&signature=${signature}`,
    ]
    for (const path of tampered) {
      const response = await t.app.request(path)
      expect(response.status, path).toBe(403)
      expect(((await response.json()) as Envelope<null>).code).toBe(403)
    }
  })

  it('lists the photos in the console for the packing room only', async () => {
    const listed = await t.getJson<Envelope<PackagePhotoListDto>>(`/api/ops/packages/${packageId}/photos`, {
      token: staff.token,
    })
    expect(listed.status).toBe(200)
    expect(listed.body.data.list).toHaveLength(1)
    const refused = await t.getJson<Envelope<null>>(`/api/ops/packages/${packageId}/photos`, {
      token: catalogStaff.token,
    })
    expect(refused.status).toBe(403)
    const missing = await t.getJson<Envelope<null>>(`/api/ops/packages/${packageId + 1000}/photos`, {
      token: staff.token,
    })
    expect(missing.status).toBe(404)
    // A shopper's token does not open the console's calls, not even for their own package.
    const shopperTry = await upload(packageId, await photoWithGps(), shopper.token)
    expect(shopperTry.status).toBe(403)
    expect(await photoCount(packageId)).toBe(1)
  })

  it('refuses a file that is not an image, or no file, with 400 on file and changes nothing', async () => {
    const before = await photoCount(packageId)
    const audits = await auditCount('package.photoAdd')
    const notImage = await upload(packageId, 'just some text, not a picture', staff.token, 'box.jpg')
    expect(notImage.status).toBe(400)
    expect(notImage.body.msg).toMatch(/^file: /)
    const form = new FormData()
    form.append('note', 'no file here')
    const noFile = await t.app.request(`/api/ops/packages/${packageId}/photos`, {
      method: 'POST',
      body: form,
      headers: { token: staff.token },
    })
    const noFileBody = (await noFile.json()) as Envelope<FieldErrors>
    expect(noFile.status).toBe(400)
    expect(noFileBody.data?.fields?.[0]?.field).toBe('file')
    expect(await photoCount(packageId)).toBe(before)
    expect(await auditCount('package.photoAdd')).toBe(audits)
  })

  it('takes a photo larger than the API’s usual 1 MB body', async () => {
    const other = await insertPackedPackage(t.db, { userId: shopper.userId, packedOn: today() })
    const jpeg = await largePhoto()
    expect(jpeg.length).toBeGreaterThan(1024 * 1024)
    const photo = await uploaded(other.packageId, jpeg)
    expect(photo).toMatchObject({ width: 1600, height: 1200 })
    expect(photo.url).toMatch(/-1280\.webp\?/)
  })

  it(`holds at most ${PACKAGE_PHOTOS_MAX} photos a package, refusing the next with a clear 400`, async () => {
    const full = await insertPackedPackage(t.db, { userId: shopper.userId, packedOn: today() })
    const first = await uploaded(full.packageId, await photoWithGps())
    const [row] = await t.db.select().from(packagePhotos).where(eq(packagePhotos.id, first.id))
    if (!row) throw new Error('no photo row')
    // The rest as rows sharing the first one's files: the limit counts rows.
    const { id: _id, ...copy } = row
    await t.db.insert(packagePhotos).values(Array.from({ length: PACKAGE_PHOTOS_MAX - 1 }, () => copy))
    const refused = await upload(full.packageId, await photoWithGps())
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe(
      `file: must not make the package hold more than ${PACKAGE_PHOTOS_MAX} photos`,
    )
    expect((refused.body.data as FieldErrors)?.fields?.[0]?.field).toBe('file')
    expect(await photoCount(full.packageId)).toBe(PACKAGE_PHOTOS_MAX)
  })

  it('deletes a photo with its files and an audit entry; its URL then answers 404', async () => {
    const photo = await uploaded(packageId, await photoWithGps())
    expect(await photoCount(packageId)).toBe(2)
    expect((await t.app.request(photo.url)).status).toBe(200)

    const refused = await t.sendJson<Envelope<null>>(
      'DELETE',
      `/api/ops/packages/${packageId}/photos/${photo.id}`,
      undefined,
      { token: catalogStaff.token },
    )
    expect(refused.status).toBe(403)

    const removed = await t.sendJson<Envelope<null>>(
      'DELETE',
      `/api/ops/packages/${packageId}/photos/${photo.id}`,
      undefined,
      { token: staff.token },
    )
    expect(removed.status).toBe(200)
    expect(await photoCount(packageId)).toBe(1)
    expect((await t.app.request(photo.url)).status).toBe(404)
    expect((await t.app.request(photo.thumbnailUrl)).status).toBe(404)
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.photoDelete'), eq(auditLog.entityId, String(packageId))))
    expect(audit).toMatchObject({ actorId: staff.userId, entity: 'package', after: null })
    expect(audit?.before).toMatchObject({ photoId: photo.id })

    const again = await t.sendJson<Envelope<null>>(
      'DELETE',
      `/api/ops/packages/${packageId}/photos/${photo.id}`,
      undefined,
      { token: staff.token },
    )
    expect(again.status).toBe(404)
    const listed = await shopperList(packageId, shopper.token)
    expect(listed.body.data?.list.map((each) => each.id)).not.toContain(photo.id)
  })
})
