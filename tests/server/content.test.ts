import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { announcements, articles, banners, customerServiceContacts, users } from '../../server/db/schema.ts'
import { ensureOperatorAccount } from '../../server/services/accounts/operator-account.ts'
import type {
  AnnouncementDto,
  ArticleDto,
  BannerDto,
  CustomerServiceDto,
  FooterArticleDto,
} from '../../src/domain/catalog.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { logIn, signUp } from './support/accounts.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const NASTY_HTML =
  '<p onclick="steal()">安全</p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
  '<a href="javascript:alert(1)">link</a><iframe src="https://evil.example"></iframe>'
const NASTY_HTML_CLEANED = '<p>安全</p><a>link</a>'

const MINUTE = 60_000

describe.each(engines)('content calls on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  const get = <T>(path: string, headers: Record<string, string> = {}) =>
    t.getJson<Envelope<T>>(`/api/mall/${path}`, headers)

  it('answers an empty shop with empty lists', async () => {
    for (const path of ['banner/list', 'announcement/list', 'footer/list']) {
      expect((await get<unknown[]>(path)).body).toEqual({ code: 200, msg: 'success', data: [] })
    }
  })

  it.each(['banner/list', 'announcement/list', 'footer/list', 'article/1'])(
    'refuses %s in an unknown language with a 400 naming `language`',
    async (path) => {
      const { status, body } = await get<null>(`${path}?language=fr`)
      expect(status).toBe(400)
      expect(body.msg).toMatch(/^language: /)
    },
  )

  describe('banner/list', () => {
    it('lists the active banners by sort, then by id', async () => {
      const rows = await t.db
        .insert(banners)
        .values([
          { name: 'second', imgUrl: '/media/demo/banner-2.svg', jumpUrl: '/product-new', sort: 2 },
          { name: 'first', imgUrl: '/media/demo/banner-1.svg', jumpUrl: null, sort: 1 },
          { name: 'hidden', imgUrl: '/media/demo/banner-3.svg', sort: 0, active: false },
          { name: 'second too', imgUrl: '/media/demo/banner-4.svg', jumpUrl: '/product-hot', sort: 2 },
        ])
        .returning({ id: banners.id })
      const [secondId, firstId, , secondTooId] = rows.map((r) => r.id)
      const { body } = await get<BannerDto[]>('banner/list?language=ja')
      expect(body.data).toEqual([
        { id: firstId, name: 'first', imgUrl: '/media/demo/banner-1.svg', jumpUrl: null },
        { id: secondId, name: 'second', imgUrl: '/media/demo/banner-2.svg', jumpUrl: '/product-new' },
        { id: secondTooId, name: 'second too', imgUrl: '/media/demo/banner-4.svg', jumpUrl: '/product-hot' },
      ])
    })
  })

  describe('announcement/list', () => {
    it('gives names and content in the language, Chinese where that language has none', async () => {
      const now = t.clock.now
      const [full, chineseOnly] = await t.db
        .insert(announcements)
        .values([
          {
            name: '发货安排',
            jpName: '発送スケジュール',
            enName: 'Shipping schedule',
            content: '<p>中文</p>',
            jpContent: '<p>日本語</p>',
            enContent: '<p>English</p>',
            sort: 1,
            publishedAt: new Date(now.getTime() - 10 * MINUTE),
          },
          {
            name: '仅中文',
            content: '<p>只有中文</p>',
            sort: 2,
            publishedAt: new Date(now.getTime() - 20 * MINUTE),
          },
        ])
        .returning()
      if (!full || !chineseOnly) throw new Error('fixture insert failed')
      const inLanguage = async (language: string) =>
        (await get<AnnouncementDto[]>(`announcement/list?language=${language}`)).body.data

      expect(await inLanguage('zhCn')).toEqual([
        {
          id: full.id,
          name: '发货安排',
          content: '<p>中文</p>',
          publishedAt: full.publishedAt.toISOString(),
        },
        {
          id: chineseOnly.id,
          name: '仅中文',
          content: '<p>只有中文</p>',
          publishedAt: chineseOnly.publishedAt.toISOString(),
        },
      ])
      expect((await inLanguage('ja')).map((a) => [a.name, a.content])).toEqual([
        ['発送スケジュール', '<p>日本語</p>'],
        ['仅中文', '<p>只有中文</p>'],
      ])
      expect((await inLanguage('en')).map((a) => [a.name, a.content])).toEqual([
        ['Shipping schedule', '<p>English</p>'],
        ['仅中文', '<p>只有中文</p>'],
      ])
      // Left out, the language is Chinese.
      expect((await get<AnnouncementDto[]>('announcement/list')).body.data[0]?.name).toBe('发货安排')
    })

    it('orders by sort, then the newest first', async () => {
      const now = t.clock.now.getTime()
      await t.db.delete(announcements)
      await t.db.insert(announcements).values([
        { name: 'sort 2', sort: 2, publishedAt: new Date(now - 5 * MINUTE) },
        { name: 'sort 1, older', sort: 1, publishedAt: new Date(now - 30 * MINUTE) },
        { name: 'sort 1, newer', sort: 1, publishedAt: new Date(now - 10 * MINUTE) },
      ])
      const { body } = await get<AnnouncementDto[]>('announcement/list')
      expect(body.data.map((a) => a.name)).toEqual(['sort 1, newer', 'sort 1, older', 'sort 2'])
      expect(body.data[0]?.content).toBeNull()
    })

    it('hides an announcement until its publication time', async () => {
      await t.db.delete(announcements)
      await t.db.insert(announcements).values([
        { name: 'now', publishedAt: t.clock.now },
        { name: 'later', sort: 1, publishedAt: new Date(t.clock.now.getTime() + 10 * MINUTE) },
      ])
      const names = async () =>
        (await get<AnnouncementDto[]>('announcement/list')).body.data.map((a) => a.name)
      expect(await names()).toEqual(['now'])
      t.clock.advance(11 * MINUTE)
      expect(await names()).toEqual(['now', 'later'])
    })

    it('sends stored HTML sanitised, in every language', async () => {
      await t.db.delete(announcements)
      await t.db.insert(announcements).values({
        name: '<b>name</b>',
        content: NASTY_HTML,
        jpContent: `<h2 style="color:red">見出し</h2>${NASTY_HTML}`,
        publishedAt: t.clock.now,
      })
      const contentIn = async (language: string) =>
        (await get<AnnouncementDto[]>(`announcement/list?language=${language}`)).body.data[0]?.content
      expect(await contentIn('zhCn')).toBe(NASTY_HTML_CLEANED)
      expect(await contentIn('ja')).toBe(`<h2>見出し</h2>${NASTY_HTML_CLEANED}`)
      // English falls back to the Chinese column, cleaned too.
      expect(await contentIn('en')).toBe(NASTY_HTML_CLEANED)
    })
  })

  describe('footer/list and article', () => {
    let rules: number
    let vip: number
    let hidden: number

    beforeAll(async () => {
      const rows = await t.db
        .insert(articles)
        .values([
          {
            type: 2,
            name: '会员等级规则',
            jpName: '会員ランク規約',
            enName: 'VIP tier rules',
            content: '<p>等级</p>',
            jpContent: '<p>ランク</p>',
            enContent: null,
            footerSort: 2,
          },
          { type: 0, name: '店铺规则', enName: 'Shop rules', content: NASTY_HTML, footerSort: 1 },
          { type: 3, name: '合并发货', content: null, footerSort: null },
        ])
        .returning({ id: articles.id })
      ;[vip, rules, hidden] = rows.map((r) => r.id) as [number, number, number]
    })

    it('lists footer articles by footer position, named in the language', async () => {
      const footer = async (language: string) =>
        (await get<FooterArticleDto[]>(`footer/list?language=${language}`)).body.data
      expect(await footer('zhCn')).toEqual([
        { id: rules, type: 0, name: '店铺规则' },
        { id: vip, type: 2, name: '会员等级规则' },
      ])
      expect(await footer('ja')).toEqual([
        { id: rules, type: 0, name: '店铺规则' },
        { id: vip, type: 2, name: '会員ランク規約' },
      ])
      expect((await footer('en')).map((a) => a.name)).toEqual(['Shop rules', 'VIP tier rules'])
    })

    it('reads an article in the language, with Chinese for what it lacks', async () => {
      const { status, body } = await get<ArticleDto>(`article/${vip}?type=2&language=ja`)
      expect(status).toBe(200)
      expect(body.data).toEqual({
        id: vip,
        type: 2,
        name: '会員ランク規約',
        content: '<p>ランク</p>',
        updatedAt: expect.any(String),
      })
      expect(Number.isNaN(Date.parse(body.data.updatedAt))).toBe(false)
      const english = (await get<ArticleDto>(`article/${vip}?language=en`)).body.data
      expect([english.name, english.content]).toEqual(['VIP tier rules', '<p>等级</p>'])
      const none = (await get<ArticleDto>(`article/${hidden}`)).body.data
      expect([none.name, none.content]).toEqual(['合并发货', null])
    })

    it('sends an article sanitised', async () => {
      const { body } = await get<ArticleDto>(`article/${rules}?type=0`)
      expect(body.data.content).toBe(NASTY_HTML_CLEANED)
    })

    it('answers 404 for an unknown article or a type that is not its own', async () => {
      for (const path of [`article/${hidden + 100}`, `article/${vip}?type=1`, `article/${rules}?type=2`]) {
        const { status, body } = await get<null>(path)
        expect(status, path).toBe(404)
        expect(body).toMatchObject({ code: 404, data: null })
      }
    })

    it.each([
      ['abc', 'id'],
      ['1.5', 'id'],
      ['0', 'id'],
      ['-3', 'id'],
      ['1?type=x', 'type'],
      ['1?type=100', 'type'],
    ])('refuses article/%s with a 400 naming `%s`', async (path, field) => {
      const { status, body } = await get<null>(`article/${path}`)
      expect(status).toBe(400)
      expect(body.msg).toMatch(new RegExp(`^${field}: `))
    })
  })

  describe('customer_service/list', () => {
    beforeAll(async () => {
      await t.db.insert(customerServiceContacts).values([
        { nickname: 'Hikari', qrcodeUrl: null, email: 'hikari@shop.example', sort: 2 },
        { nickname: 'Yuu', qrcodeUrl: '/media/demo/product-03.svg', email: null, sort: 1 },
        { nickname: 'Retired', qrcodeUrl: null, email: 'old@shop.example', sort: 0, active: false },
      ])
    })
    const list = (token?: string) =>
      get<CustomerServiceDto[]>('customer_service/list', token ? { token } : {})
    const contacts = [
      { nickname: 'Yuu', qrcodeUrl: '/media/demo/product-03.svg', email: null },
      { nickname: 'Hikari', qrcodeUrl: null, email: 'hikari@shop.example' },
    ]

    it('refuses a visitor with 401', async () => {
      const { status, body } = await list()
      expect(status).toBe(401)
      expect(body.code).toBe(401)
    })

    it('gives members (roles 1 and 2) the active contacts in order', async () => {
      const roleTwo = await signUp(t, 'member-two@example.com')
      expect((await list(roleTwo.token)).body.data).toEqual(contacts)

      const roleOne = await signUp(t, 'member-one@example.com')
      await t.db.update(users).set({ role: 1 }).where(eq(users.email, 'member-one@example.com'))
      expect((await list(roleOne.token)).body.data).toEqual(contacts)
    })

    it('gives other customers and operators an empty list', async () => {
      const roleFour = await signUp(t, 'japan@example.com', { language: 'ja' })
      const { status, body } = await list(roleFour.token)
      expect(status).toBe(200)
      expect(body.data).toEqual([])

      await ensureOperatorAccount(t.db, { email: 'ops@example.com', password: 'Op3rator!Pass' })
      const operator = (await logIn(t, 'ops@example.com', 'Op3rator!Pass')).headers.get('token') ?? ''
      expect((await list(operator)).body).toMatchObject({ code: 200, data: [] })
    })
  })
})
