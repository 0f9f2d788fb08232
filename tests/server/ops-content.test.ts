import { and, asc, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  announcements,
  articles,
  auditLog,
  banners,
  customerServiceContacts,
  media,
} from '../../server/db/schema.ts'
import { type RunningCatalogCache, startCatalogCache } from '../../server/http/catalog-cache.ts'
import type { AnnouncementDto, ArticleDto, BannerDto, FooterArticleDto } from '../../src/domain/catalog.ts'
import type {
  OpsAnnouncementDto,
  OpsArticleDto,
  OpsBannerDto,
  OpsCustomerServiceDto,
} from '../../src/domain/content-ops.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Refusal = { fields?: { field: string; message: string }[] } | null

const NASTY_HTML =
  '<p onclick="steal()">安全</p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
  '<a href="javascript:alert(1)">link</a><img src="https://cdn.example/a.png" onerror="alert(2)">'

const MINUTE = 60_000

/** Whatever of the nasty HTML may never come back. */
function expectClean(html: string | null | undefined) {
  expect(html ?? '').not.toMatch(/<script|onerror|onclick|javascript:/i)
}

describe.each(engines)('the console’s content room on %s', (engine) => {
  let t: TestApp
  let cache: RunningCatalogCache
  let operator: { token: string; userId: number }
  let catalogOnly: { token: string; userId: number }
  let picture: number
  let otherPicture: number

  const as = (who: { token: string }) => ({ token: who.token })
  const call = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, who = operator) =>
    t.sendJson<Envelope<T | Refusal>>(method, `/api${path}`, body, as(who))
  const made = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await call<T>('POST', path, body)
    expect(answer.status, answer.body.msg).toBe(201)
    return answer.body.data as T
  }
  const listOf = async <T>(path: string) =>
    (await t.getJson<Envelope<T>>(`/api${path}`, as(operator))).body.data
  const shop = async <T>(path: string) => (await t.getJson<Envelope<T>>(`/api/mall/${path}`)).body.data
  const auditsOf = (entity: string, id: number | string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id))
  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0
  const bannerCount = async () => (await t.db.select({ n: count() }).from(banners))[0]?.n ?? 0
  /** Waits until a change's notice has reached the cache (PostgreSQL delivers it after the commit). */
  const afterNotice = async (change: () => Promise<unknown>) => {
    const before = cache.cache.invalidations
    await change()
    const deadline = Date.now() + 5_000
    while (cache.cache.invalidations === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(cache.cache.invalidations).toBeGreaterThan(before)
  }
  const insertPicture = async (key: string) => {
    const [row] = await t.db
      .insert(media)
      .values({
        width: 1280,
        height: 320,
        placeholder: 'data:image/webp;base64,AA',
        variants: [
          { width: 640, height: 160, format: 'webp', key: `m/${key}-640.webp` },
          { width: 1280, height: 320, format: 'webp', key: `m/${key}-1280.webp` },
          { width: 1280, height: 320, format: 'avif', key: `m/${key}-1280.avif` },
        ],
        sourceBytes: 10,
      })
      .returning({ id: media.id })
    if (!row) throw new Error('fixture insert failed')
    return row.id
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    cache = await startCatalogCache(t.db)
    operator = await signedInAccount(t, 'content-ops@example.com', {
      kind: 'operator',
      permissions: ['content'],
    })
    catalogOnly = await signedInAccount(t, 'catalog-only@example.com', {
      kind: 'operator',
      permissions: ['catalog'],
    })
    picture = await insertPicture('banner-a')
    otherPicture = await insertPicture('banner-b')
  })
  afterAll(async () => {
    await cache?.stop()
    await t?.close()
  })

  it('refuses every content call to an operator without the content permission, writing nothing', async () => {
    const before = await auditCount()
    const calls: [string, string, unknown][] = [
      ['GET', '/api/ops/banners', undefined],
      ['POST', '/api/ops/banners', { name: 'x', image: picture }],
      ['PUT', '/api/ops/banners/1', { name: 'x' }],
      ['DELETE', '/api/ops/banners/1', undefined],
      ['PUT', '/api/ops/banners/order', { ids: [] }],
      ['GET', '/api/ops/announcements', undefined],
      ['POST', '/api/ops/announcements', { name: 'x' }],
      ['PUT', '/api/ops/announcements/1', { name: 'x' }],
      ['DELETE', '/api/ops/announcements/1', undefined],
      ['GET', '/api/ops/articles', undefined],
      ['POST', '/api/ops/articles', { name: 'x', type: 0 }],
      ['PUT', '/api/ops/articles/1', { name: 'x', type: 0 }],
      ['DELETE', '/api/ops/articles/1', undefined],
      ['GET', '/api/ops/settings/customer-service', undefined],
      ['PUT', '/api/ops/settings/customer-service', { contacts: [] }],
      ['POST', '/api/ops/content/media', undefined],
    ]
    const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
      method === 'GET'
        ? t.getJson<Envelope<unknown>>(path, headers)
        : t.sendJson<Envelope<unknown>>(method as 'POST' | 'PUT' | 'DELETE', path, body, headers)
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, as(catalogOnly))).status, `${method} ${path}`).toBe(403)
      expect((await send(method, path, body, {})).status, `${method} ${path} without a token`).toBe(401)
    }
    expect(await auditCount()).toBe(before)
    expect(await bannerCount()).toBe(0)
  })

  it('creates, lists, saves and deletes a banner, one audit row per change', async () => {
    const banner = await made<OpsBannerDto>('/ops/banners', {
      name: '夏季活动',
      image: picture,
      jumpUrl: '/product-new',
      sort: 3,
    })
    expect(banner).toMatchObject({
      name: '夏季活动',
      image: picture,
      jumpUrl: '/product-new',
      sort: 3,
      startAt: null,
      endAt: null,
      active: true,
    })
    // The widest WebP of the picture.
    expect(banner.imgUrl).toMatch(/banner-a-1280\.webp$/)
    expect(await listOf<OpsBannerDto[]>('/ops/banners')).toEqual([banner])
    // The shop's list carries the upload's variants too, for the page's srcset.
    expect(await shop<BannerDto[]>('banner/list')).toEqual([
      {
        id: banner.id,
        name: '夏季活动',
        imgUrl: banner.imgUrl,
        image: {
          id: picture,
          width: 1280,
          height: 320,
          placeholder: 'data:image/webp;base64,AA',
          variants: [
            { width: 640, format: 'webp', url: '/media/m/banner-a-640.webp' },
            { width: 1280, format: 'webp', url: '/media/m/banner-a-1280.webp' },
            { width: 1280, format: 'avif', url: '/media/m/banner-a-1280.avif' },
          ],
        },
        jumpUrl: '/product-new',
      },
    ])

    let saved: OpsBannerDto | undefined
    await afterNotice(async () => {
      const answer = await call<OpsBannerDto>('PUT', `/ops/banners/${banner.id}`, {
        name: '夏季活动',
        image: otherPicture,
        jumpUrl: 'https://partner.example/sale?x=1',
        sort: 3,
        active: false,
      })
      expect(answer.status, answer.body.msg).toBe(200)
      saved = answer.body.data as OpsBannerDto
    })
    expect(saved).toMatchObject({
      image: otherPicture,
      active: false,
      jumpUrl: 'https://partner.example/sale?x=1',
    })
    expect(saved?.imgUrl).toMatch(/banner-b-1280\.webp$/)
    // The public list dropped its cached answer: the inactive banner is gone at once.
    expect(await shop<BannerDto[]>('banner/list')).toEqual([])

    // image null keeps the picture.
    const kept = await call<OpsBannerDto>('PUT', `/ops/banners/${banner.id}`, { name: '秋季', image: null })
    expect(kept.body.data).toMatchObject({ name: '秋季', image: otherPicture, imgUrl: saved?.imgUrl })

    const audits = await auditsOf('banner', banner.id)
    expect(audits.map((audit) => audit.action)).toEqual(['banner.create', 'banner.update', 'banner.update'])
    expect(audits[0]).toMatchObject({ actorId: operator.userId, before: null })
    expect(audits[1]).toMatchObject({
      before: { image: picture, active: true, jumpUrl: '/product-new' },
      after: { image: otherPicture, active: false, jumpUrl: 'https://partner.example/sale?x=1' },
    })

    expect((await call('DELETE', `/ops/banners/${banner.id}`)).status).toBe(200)
    expect(await bannerCount()).toBe(0)
    expect((await auditsOf('banner', banner.id)).at(-1)).toMatchObject({
      action: 'banner.delete',
      before: { name: '秋季' },
      after: null,
    })
  })

  it('refuses a bad jump address, schedule or picture with a 400 on the field, writing nothing', async () => {
    const before = await auditCount()
    for (const jumpUrl of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '//evil.example/x',
      '/\\evil.example',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example',
      'https://evil.example/a b',
      'product-new',
      ' javascript:alert(1)',
    ]) {
      const answer = await call('POST', '/ops/banners', { name: 'x', image: picture, jumpUrl })
      expect(answer.status, jumpUrl).toBe(400)
      expect(answer.body.msg, jumpUrl).toMatch(/^jumpUrl: /)
    }
    const backwards = await call('POST', '/ops/banners', {
      name: 'x',
      image: picture,
      startAt: '2027-02-01T10:00:00+09:00',
      endAt: '2027-01-01T10:00:00+09:00',
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body.msg).toMatch(/^endAt: /)
    const same = await call('POST', '/ops/banners', {
      name: 'x',
      image: picture,
      startAt: '2027-01-01T10:00:00+09:00',
      endAt: '2027-01-01T01:00:00Z',
    })
    expect(same.body.msg).toMatch(/^endAt: /)
    expect(
      (await call('POST', '/ops/banners', { name: 'x', image: picture, startAt: 'tomorrow' })).body.msg,
    ).toMatch(/^startAt: /)
    expect((await call('POST', '/ops/banners', { name: 'x' })).body.msg).toMatch(/^image: /)
    const unknown = await call('POST', '/ops/banners', { name: 'x', image: 99_999_999 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.msg).toMatch(/^image: /)
    expect((await call('POST', '/ops/banners', { name: '', image: picture })).body.msg).toMatch(/^name: /)
    expect(await bannerCount()).toBe(0)
    expect(await auditCount()).toBe(before)
  })

  it('answers 404 for an unknown id on every PUT and DELETE', async () => {
    const bodies: [string, unknown][] = [
      ['banners', { name: 'x' }],
      ['announcements', { name: 'x' }],
      ['articles', { name: 'x', type: 0 }],
    ]
    for (const [kind, body] of bodies) {
      expect((await call('PUT', `/ops/${kind}/99999999`, body)).status, kind).toBe(404)
      expect((await call('DELETE', `/ops/${kind}/99999999`)).status, kind).toBe(404)
    }
  })

  it('shows a banner only inside its schedule, by the shop’s clock, with no write in between', async () => {
    const now = t.clock.now.getTime()
    const later = await made<OpsBannerDto>('/ops/banners', {
      name: '稍后',
      image: picture,
      startAt: new Date(now + 10 * MINUTE).toISOString(),
      endAt: new Date(now + 30 * MINUTE).toISOString(),
    })
    const always = await made<OpsBannerDto>('/ops/banners', { name: '一直', image: picture, sort: 1 })
    const names = async () => (await shop<BannerDto[]>('banner/list')).map((banner) => banner.name)
    expect(await names()).toEqual(['一直'])
    // Served from the cache now, which must not outlive the next start.
    expect(await names()).toEqual(['一直'])
    t.clock.advance(11 * MINUTE)
    expect(await names()).toEqual(['稍后', '一直'])
    t.clock.advance(20 * MINUTE)
    expect(await names()).toEqual(['一直'])
    await call('DELETE', `/ops/banners/${later.id}`)
    await call('DELETE', `/ops/banners/${always.id}`)
  })

  it('reorders the banners with one call and one audit row', async () => {
    const [a, b, c] = [
      await made<OpsBannerDto>('/ops/banners', { name: 'A', image: picture, sort: 0 }),
      await made<OpsBannerDto>('/ops/banners', { name: 'B', image: picture, sort: 1 }),
      await made<OpsBannerDto>('/ops/banners', { name: 'C', image: picture, sort: 2 }),
    ]
    const before = await auditCount()
    const missing = await call('PUT', '/ops/banners/order', { ids: [c.id, a.id] })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toMatch(/^ids: /)
    expect((await call('PUT', '/ops/banners/order', { ids: [c.id, a.id, a.id] })).body.msg).toMatch(/^ids: /)
    expect(await auditCount()).toBe(before)
    const answer = await call<OpsBannerDto[]>('PUT', '/ops/banners/order', { ids: [c.id, a.id, b.id] })
    expect(answer.status).toBe(200)
    expect((answer.body.data as OpsBannerDto[]).map((banner) => [banner.name, banner.sort])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ])
    expect((await shop<BannerDto[]>('banner/list')).map((banner) => banner.name)).toEqual(['C', 'A', 'B'])
    expect(await auditsOf('banner', 'order')).toMatchObject([
      {
        action: 'banner.reorder',
        before: [
          { id: a.id, sort: 0 },
          { id: b.id, sort: 1 },
          { id: c.id, sort: 2 },
        ],
        after: [
          { id: c.id, sort: 0 },
          { id: a.id, sort: 1 },
          { id: b.id, sort: 2 },
        ],
      },
    ])
    for (const banner of [a, b, c]) await call('DELETE', `/ops/banners/${banner.id}`)
  })

  it('keeps announcements’ HTML safe in the console and the shop, and hides inactive ones', async () => {
    const created = await made<OpsAnnouncementDto>('/ops/announcements', {
      name: '发货通知',
      jpName: '発送のお知らせ',
      enName: '',
      content: NASTY_HTML,
      jpContent: '<p>日本語</p><script>alert(1)</script>',
      enContent: '<script>alert(1)</script>',
      sort: 1,
    })
    for (const html of [created.content, created.jpContent]) expectClean(html)
    expect(created).toMatchObject({
      enName: null,
      jpContent: '<p>日本語</p>',
      // Nothing was left of it.
      enContent: null,
      active: true,
    })
    expect(created.content).toContain('<p>安全</p>')
    expect(created.content).toContain('<img src="https://cdn.example/a.png" />')
    const listed = await listOf<OpsAnnouncementDto[]>('/ops/announcements')
    expect(listed).toEqual([created])

    for (const language of ['zhCn', 'ja', 'en']) {
      const shown = await shop<AnnouncementDto[]>(`announcement/list?language=${language}`)
      expect(shown.map((a) => a.id)).toEqual([created.id])
      expectClean(shown[0]?.content)
    }

    await afterNotice(() =>
      call('PUT', `/ops/announcements/${created.id}`, { ...created, active: false, content: '<p>新</p>' }),
    )
    expect(await shop<AnnouncementDto[]>('announcement/list')).toEqual([])
    const audits = await auditsOf('announcement', created.id)
    expect(audits.map((audit) => audit.action)).toEqual(['announcement.create', 'announcement.update'])
    expect(audits[1]).toMatchObject({
      before: { active: true },
      after: { active: false, content: '<p>新</p>' },
    })
    expect(Object.keys(audits[1]?.after as object).sort()).toEqual(['active', 'content'])

    expect((await call('DELETE', `/ops/announcements/${created.id}`)).status).toBe(200)
    expect(await t.db.select().from(announcements)).toEqual([])
    expect((await auditsOf('announcement', created.id)).at(-1)).toMatchObject({
      action: 'announcement.delete',
    })
  })

  it('keeps articles safe, takes an inactive one out of the footer and answers 404 for it', async () => {
    const created = await made<OpsArticleDto>('/ops/articles', {
      type: 2,
      name: '会员规则',
      enName: 'Member rules',
      content: NASTY_HTML,
      footerSort: 1,
    })
    expectClean(created.content)
    expect(created).toMatchObject({ type: 2, footerSort: 1, active: true, jpName: null })
    expect(await shop<FooterArticleDto[]>('footer/list?language=en')).toEqual([
      { id: created.id, type: 2, name: 'Member rules' },
    ])
    const article = await shop<ArticleDto>(`article/${created.id}?type=2`)
    expectClean(article.content)

    await afterNotice(() => call('PUT', `/ops/articles/${created.id}`, { ...created, active: false }))
    expect(await shop<FooterArticleDto[]>('footer/list')).toEqual([])
    expect((await t.getJson(`/api/mall/article/${created.id}?type=2`)).status).toBe(404)

    const badType = await call('POST', '/ops/articles', { name: 'x', type: 100 })
    expect(badType.body.msg).toMatch(/^type: /)
    const badFooter = await call('POST', '/ops/articles', { name: 'x', type: 1, footerSort: -1 })
    expect(badFooter.body.msg).toMatch(/^footerSort: /)

    expect((await call('DELETE', `/ops/articles/${created.id}`)).status).toBe(200)
    expect(await t.db.select().from(articles)).toEqual([])
    expect((await auditsOf('article', created.id)).map((audit) => audit.action)).toEqual([
      'article.create',
      'article.update',
      'article.delete',
    ])
  })

  it('replaces the customer-service contacts as a whole', async () => {
    expect(await listOf<OpsCustomerServiceDto>('/ops/settings/customer-service')).toEqual({ contacts: [] })
    const first = await call<OpsCustomerServiceDto>('PUT', '/ops/settings/customer-service', {
      contacts: [
        { nickname: 'Hikari', email: 'HIKARI@shop.example', sort: 2 },
        { nickname: 'Yuu', qrcode: picture, sort: 1 },
        { nickname: 'Old', qrcodeUrl: '/media/demo/qr.svg', active: false },
      ],
    })
    expect(first.status, first.body.msg).toBe(200)
    const contacts = (first.body.data as OpsCustomerServiceDto).contacts
    expect(contacts.map((contact) => [contact.nickname, contact.sort, contact.active])).toEqual([
      ['Old', 0, false],
      ['Yuu', 1, true],
      ['Hikari', 2, true],
    ])
    expect(contacts[1]?.qrcodeUrl).toMatch(/banner-a-640\.webp$/)
    expect(contacts[2]?.email).toBe('hikari@shop.example')

    const before = await auditCount()
    for (const [body, field] of [
      [{ contacts: [{ nickname: '', email: null }] }, 'contacts.0.nickname'],
      [{ contacts: [{ nickname: 'x', email: 'not-an-email' }] }, 'contacts.0.email'],
      [{ contacts: [{ nickname: 'x', qrcodeUrl: 'javascript:alert(1)' }] }, 'contacts.0.qrcodeUrl'],
      [{ contacts: [{ nickname: 'x' }, { nickname: 'y', qrcode: 99_999_999 }] }, 'contacts.1.qrcode'],
      [{ contacts: Array.from({ length: 21 }, () => ({ nickname: 'x' })) }, 'contacts'],
    ] as const) {
      const answer = await call('PUT', '/ops/settings/customer-service', body)
      expect(answer.status, field).toBe(400)
      expect(answer.body.msg, field).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `))
    }
    expect(await auditCount()).toBe(before)
    expect(await t.db.select({ n: count() }).from(customerServiceContacts)).toEqual([{ n: 3 }])

    const second = await call<OpsCustomerServiceDto>('PUT', '/ops/settings/customer-service', {
      contacts: [{ nickname: 'Solo', qrcodeUrl: contacts[1]?.qrcodeUrl }],
    })
    expect((second.body.data as OpsCustomerServiceDto).contacts).toMatchObject([
      { nickname: 'Solo', qrcodeUrl: contacts[1]?.qrcodeUrl, email: null, active: true },
    ])
    const audits = await auditsOf('customerService', 'contacts')
    expect(audits.map((audit) => audit.action)).toEqual([
      'customerService.replace',
      'customerService.replace',
    ])
    expect(audits[1]?.before).toHaveLength(3)
    expect(audits[1]?.after).toMatchObject([{ nickname: 'Solo' }])
  })

  it('takes a picture upload for the content permission, as large as a camera’s', async () => {
    // noise does not compress: a PNG of more than 1 MB, the limit of an ordinary call's body
    const width = 800
    const height = 600
    const noise = Buffer.alloc(width * height * 3)
    for (let at = 0; at < noise.length; at++) noise[at] = (at * 2_654_435_761) >>> 24
    const png = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(png.length).toBeGreaterThan(1024 * 1024)
    const form = new FormData()
    form.append('file', new File([new Uint8Array(png)], 'banner.png', { type: 'image/png' }))
    const response = await t.app.request('/api/ops/content/media', {
      method: 'POST',
      body: form,
      headers: as(operator),
    })
    const body = (await response.json()) as Envelope<MediaImageDto>
    expect(response.status, body.msg).toBe(200)
    expect(body.data.width).toBe(800)
    const banner = await made<OpsBannerDto>('/ops/banners', { name: 'uploaded', image: body.data.id })
    expect(banner.imgUrl).toMatch(/\.webp$/)
    await call('DELETE', `/ops/banners/${banner.id}`)
  })
})
